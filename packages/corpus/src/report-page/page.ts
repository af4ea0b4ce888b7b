// The report as one HTML file: styles, data and script inline, nothing fetched, so it opens from disk and works
// offline. The data goes in a JSON script element with every "<" escaped, so no text of the corpus can close the
// element or open a comment.
import { PAGE_SCRIPT } from './page-script.js';
import type { ReportData } from './report-data.js';

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1000px; padding: 0 16px; color: #1d1d1f; }
h1 { font-size: 22px; margin: 0 0 12px; }
#summary { display: flex; flex-wrap: wrap; gap: 8px 20px; margin-bottom: 8px; }
.fact span { color: #666; margin-right: 6px; }
#settings, #sample, #shown { color: #666; font-size: 12px; }
.warning { color: #b3261e; font-weight: 600; margin: 4px 0; }
#histogram svg { width: 100%; max-width: 640px; height: auto; }
.bar { fill: #4a7bd0; } text { font-size: 11px; fill: #444; }
line.chosen { stroke: #d0342c; stroke-width: 2; } text.chosen { fill: #d0342c; }
line.recommended { stroke: #2a9d4b; stroke-dasharray: 4 3; stroke-width: 2; } text.recommended { fill: #2a9d4b; }
#controls { display: flex; gap: 16px; align-items: center; margin: 16px 0 8px; flex-wrap: wrap; }
.group { border: 1px solid #ddd; border-radius: 6px; margin: 6px 0; padding: 4px 10px; }
.group summary { cursor: pointer; display: flex; gap: 14px; }
.group .tier { font-weight: 600; width: 46px; } .group.near .tier { color: #b35c00; } .group.exact .tier { color: #2a6f2a; }
.group .rep { color: #555; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
table { border-collapse: collapse; margin: 6px 0; width: 100%; } th, td { text-align: left; padding: 2px 8px; border-bottom: 1px solid #eee; }
.diff { white-space: pre-wrap; font: 12px/1.5 ui-monospace, monospace; background: #fafafa; padding: 8px; max-height: 360px; overflow: auto; }
ins { background: #d6f5d6; text-decoration: none; } del { background: #f9d3d3; } .fold { color: #888; font-style: italic; }
`;

export function renderPage(data: ReportData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>simhash dedupe report</title>
<style>${STYLE}</style>
</head>
<body>
<h1 id="title"></h1>
<div id="summary"></div>
<div id="warnings"></div>
<div id="settings"></div>
<h2>Near-duplicate distances</h2>
<div id="histogram"></div>
<h2>Groups</h2>
<div id="sample"></div>
<div id="controls">
<label>tier <select id="tier"><option value="all">all</option><option value="exact">exact</option><option value="near">near</option></select></label>
<label>farthest member at most <input id="max-distance" type="number" min="0" max="64" step="1" placeholder="any"> bits</label>
<label>id <input id="search" type="search" placeholder="search ids"></label>
<span id="shown"></span>
</div>
<div id="groups"></div>
<button id="more" type="button">show more</button>
<script type="application/json" id="report-data">${json}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
