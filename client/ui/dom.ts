/** Tiny DOM builders for the lobby's form controls (real inputs and buttons: keyboard and screen-reader friendly). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  for (const child of children) node.append(child);
  return node;
}

export function button(label: string, onClick: () => void, opts: { secondary?: boolean; testId?: string } = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', textContent: label, className: opts.secondary ? 'secondary' : '' });
  if (opts.testId) b.dataset.testid = opts.testId;
  b.addEventListener('click', onClick);
  return b;
}
