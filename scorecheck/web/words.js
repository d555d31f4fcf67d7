// The page's texts come from the server, in the chosen language; fields are {name}, and a
// colour's field may ask for a form that agrees with a noun, as the checker's templates do:
// {color:one} a tile's colour («синяя»), {color:tile} the tile («синяя плитка»), {color:tiles}
// the tiles («синие плитки»).

const FORMS = ["one", "tile", "tiles"];

class Words {
  constructor(name, forms) {
    this.name = name;
    this.forms = forms;
  }

  toString() {
    return this.name;
  }
}

/** A colour by its letter: its name, and its forms from the server's words. */
export function colour(w, letter) {
  return new Words(w["color_" + letter], Object.fromEntries(FORMS.map((f) => [f, w[`color_${f}_${letter}`]])));
}

/** Colours and other words listed with ", ", each form listed alike. */
export function listed(parts) {
  const forms = Object.fromEntries(FORMS.map((f) => [f, parts.map((p) => p.forms?.[f] ?? String(p)).join(", ")]));
  return new Words(parts.map(String).join(", "), forms);
}

export function fill(template, fields) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, key, form) => {
    if (!(key in fields)) return whole;
    const value = fields[key];
    return String(form !== undefined && value?.forms?.[form] !== undefined ? value.forms[form] : value);
  });
}
