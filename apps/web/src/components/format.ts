/** 'PropertyManager' -> 'Property Manager'; role names arrive as enum keys. */
export const humanize = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');

/** '1 result', '2 results', '1,250 results': a count with its noun in the right number. */
export const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
