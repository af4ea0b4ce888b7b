// The report page's script, run in the browser from the page itself (no network, no library): it reads the data
// embedded beside it (report-data.ts) and draws the summary, the histogram and the groups, a hundred at a time
// as the reader scrolls or asks for more; a group's members, and a member's diff, are drawn when opened. Plain
// ES2017 in a string, so the page works from disk in any current browser; its behaviour is tested in Chromium
// (test/browser/report.test.ts).
export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var PAGE = 100;
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var key in attrs) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'className') node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function percent(x) { return x === null || x === undefined ? '-' : (100 * x).toFixed(1) + '%'; }
  function count(n) { return Number(n).toLocaleString('en'); }

  // Summary and settings.
  var s = data.summary;
  document.title = data.title;
  document.getElementById('title').textContent = data.title;
  var facts = [
    ['documents', count(s.documents)], ['kept', count(s.kept)], ['dropped', count(s.dropped) + ' (' + count(s.droppedExact) + ' exact, ' + count(s.droppedNear) + ' near' + (s.droppedReference ? ', ' + count(s.droppedReference) + ' for the reference' : '') + ')'],
    ['groups', count(s.groups) + ' (' + count(s.exactGroups) + ' exact, ' + count(s.nearGroups) + ' near)'], ['too short', count(s.tooShort)],
    ['time', data.seconds === null ? '-' : data.seconds.toFixed(1) + ' s'], ['k', String(data.maxDistance)],
    ['recommended k', data.recommended === null ? '-' : String(data.recommended)], ['expected precision at k', percent(data.precisionAtK)],
    ['pipeline', data.pipelineVersion]
  ];
  var summary = document.getElementById('summary');
  facts.forEach(function (f) { summary.appendChild(el('div', { className: 'fact' }, [el('span', { text: f[0] }), el('b', { text: f[1], 'data-fact': f[0] })])); });
  var warnings = document.getElementById('warnings');
  data.warnings.forEach(function (w) { warnings.appendChild(el('p', { className: 'warning', text: 'warning: ' + w })); });
  document.getElementById('settings').textContent = Object.keys(data.settings).map(function (k) { return k + ' ' + JSON.stringify(data.settings[k]); }).join(' · ');
  document.getElementById('sample').textContent = data.sample.withTexts
    ? 'Diffs are embedded for the members (up to ' + data.sample.members + ' each) of the ' + count(data.sample.groups) + ' largest groups; other groups list ids and distances only (--report-texts sets how many).'
    : 'No texts were given to the report: groups list ids and distances, without diffs.';

  // The histogram of the near members' distances, with k and the recommended k marked.
  (function histogram() {
    var h = data.histogram, max = Math.max.apply(null, h.concat([1])), w = 640, hh = 160, top = 20, bw = w / h.length;
    var svg = '<svg viewBox="0 ' + (-top) + ' ' + (w + 4) + ' ' + (hh + 30 + top) + '" role="img" aria-label="near-duplicate distances">';
    h.forEach(function (n, d) {
      var bh = Math.round((n / max) * hh);
      svg += '<rect class="bar" data-distance="' + d + '" x="' + (d * bw + 1) + '" y="' + (hh - bh) + '" width="' + (bw - 2) + '" height="' + bh + '"><title>distance ' + d + ': ' + n + ' near members</title></rect>';
      svg += '<text x="' + (d * bw + bw / 2) + '" y="' + (hh + 14) + '" text-anchor="middle">' + d + '</text>';
    });
    function mark(k, label, cls) {
      if (k === null || k >= h.length) return;
      var x = (k + 1) * bw;
      svg += '<line class="' + cls + '" x1="' + x + '" x2="' + x + '" y1="' + (cls === 'chosen' ? -top : -top / 2) + '" y2="' + hh + '"/><text class="' + cls + '" x="' + (x - 4) + '" y="' + (cls === 'chosen' ? -8 : 4) + '" text-anchor="end">' + label + '</text>';
    }
    mark(data.maxDistance, 'k = ' + data.maxDistance + (data.precisionAtK === null ? '' : ', expected precision ' + percent(data.precisionAtK)), 'chosen');
    if (data.recommended !== data.maxDistance) mark(data.recommended, 'recommended k = ' + data.recommended, 'recommended');
    document.getElementById('histogram').innerHTML = svg + '<text x="0" y="' + (hh + 28) + '">distance to the group\'s representative (near members)</text></svg>';
  })();

  // The groups: filtered, then drawn a page at a time.
  var list = document.getElementById('groups');
  var tierSelect = document.getElementById('tier'), maxInput = document.getElementById('max-distance'), search = document.getElementById('search');
  var more = document.getElementById('more'), shown = document.getElementById('shown');
  var matching = [], drawn = 0;
  function farthest(group) { return group[1].reduce(function (m, r) { return Math.max(m, r[1]); }, 0); }
  function apply() {
    var tier = tierSelect.value, max = maxInput.value === '' ? Infinity : Number(maxInput.value), needle = search.value.trim().toLowerCase();
    matching = [];
    data.groups.forEach(function (g, i) {
      if (tier !== 'all' && g[0] !== tier) return;
      if (farthest(g) > max) return;
      if (needle && !g[1].some(function (r) { return String(r[0]).toLowerCase().indexOf(needle) >= 0; })) return;
      matching.push(i);
    });
    list.textContent = '';
    drawn = 0;
    drawMore();
  }
  function drawMore() {
    var end = Math.min(matching.length, drawn + PAGE);
    for (; drawn < end; drawn++) list.appendChild(groupNode(matching[drawn]));
    shown.textContent = count(drawn) + ' of ' + count(matching.length) + ' groups shown';
    more.hidden = drawn >= matching.length;
  }
  function groupNode(i) {
    var g = data.groups[i], members = g[1];
    var details = el('details', { className: 'group ' + g[0], 'data-group': String(i) });
    details.appendChild(el('summary', null, [
      el('span', { className: 'tier', text: g[0] }), el('span', { className: 'size', text: members.length + ' documents' }),
      el('span', { className: 'dist', text: 'up to ' + farthest(g) + ' bits' }), el('span', { className: 'rep', text: String(members[0][0]) })
    ]));
    details.addEventListener('toggle', function () {
      if (!details.open || details.querySelector('table')) return;
      var table = el('table', null, [el('tr', null, ['id', 'distance', 'tier', 'similarity', ''].map(function (h) { return el('th', { text: h }); }))]);
      members.forEach(function (r) {
        // similarity: the verified shingle similarity to the representative (empty when the run did not verify).
        var similarity = typeof r[4] === 'number' ? r[4].toFixed(2) : '';
        var row = el('tr', { className: 'member', 'data-id': String(r[0]) }, [el('td', { text: String(r[0]) }), el('td', { text: String(r[1]) }), el('td', { text: r[2] }), el('td', { className: 'similarity', text: similarity })]);
        var cell = el('td');
        if (r[3] >= 0) {
          var button = el('button', { type: 'button', text: 'diff' });
          button.addEventListener('click', function () { toggleDiff(row, r[3]); });
          cell.appendChild(button);
        }
        row.appendChild(cell);
        table.appendChild(row);
      });
      details.appendChild(table);
    });
    return details;
  }
  function toggleDiff(row, index) {
    var next = row.nextElementSibling;
    if (next && next.classList.contains('diff-row')) { next.remove(); return; }
    var box = el('div', { className: 'diff' });
    data.diffs[index].forEach(function (op) {
      if (op[0] === 1) box.appendChild(el('ins', { text: op[1] }));
      else if (op[0] === -1) box.appendChild(el('del', { text: op[1] }));
      else if (op[0] === 2) box.appendChild(el('span', { className: 'fold', text: ' … ' + op[1] + ' equal words … ' }));
      else box.appendChild(document.createTextNode(op[1]));
    });
    var cell = el('td', { colspan: '5' }, [box]);
    row.parentNode.insertBefore(el('tr', { className: 'diff-row' }, [cell]), row.nextSibling);
  }
  more.addEventListener('click', drawMore);
  if ('IntersectionObserver' in window) {
    new IntersectionObserver(function (entries) { if (entries[0].isIntersecting && !more.hidden) drawMore(); }).observe(more);
  }
  [tierSelect, maxInput, search].forEach(function (input) { input.addEventListener('input', apply); });
  apply();
  document.body.setAttribute('data-ready', 'true');
})();
`;
