/** What the landing query reads of a regulation section (a literal, so TypeGen types it). */
export const REGULATION_PROJECTION = `_type == "regulationSection" => {
    title,
    "intro": coalesce(intro, null),
    entityLabel,
    licences[]{ _key, regulator, kind, number, registerUrl, registerLabel },
    funds{ title, body },
    compliance{ title, body },
    dataSecurity{ title, body }
  }`;
