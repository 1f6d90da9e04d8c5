/** MQTT filter matching (`+` one level, `#` the rest; `$share/<group>/` is stripped first). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
  const fl = f.split('/');
  const tl = topic.split('/');
  for (let i = 0; i < fl.length; i++) {
    const part = fl[i];
    if (part === '#') return !(i === 0 && topic.startsWith('$'));
    if (i >= tl.length) return false;
    if (part === '+') {
      if (i === 0 && topic.startsWith('$')) return false;
      continue;
    }
    if (part !== tl[i]) return false;
  }
  return fl.length === tl.length;
}
