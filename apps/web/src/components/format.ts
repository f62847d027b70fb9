/** 'PropertyManager' -> 'Property Manager'; role names arrive as enum keys. */
export const humanize = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
