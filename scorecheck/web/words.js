// The page's texts come from the server, in the chosen language; fields are {name}.

export function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}
