// Text files dropped anywhere on the page become texts; a veil shows while something is dragged over.

export function onDroppedTexts(veil: HTMLElement, add: (texts: string[]) => void): void {
  let depth = 0; // dragenter/dragleave fire for every child element crossed
  const show = (on: boolean) => { veil.hidden = !on; };
  document.addEventListener('dragenter', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    depth++;
    show(true);
  });
  document.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; show(false); } });
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    depth = 0;
    show(false);
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0 && event.target instanceof HTMLTextAreaElement) return; // text dropped into a box goes in it
    event.preventDefault();
    if (files.length === 0) {
      const text = event.dataTransfer?.getData('text/plain');
      if (text) add([text]);
      return;
    }
    void Promise.all(files.map((file) => file.text())).then(add);
  });
}
