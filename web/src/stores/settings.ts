/** Device settings: language and card faces, kept in local storage. */
import { createStore } from "solid-js/store";

export const LANGUAGES = ["en", "de", "pl", "sk", "hu"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  pl: "Polski",
  sk: "Slovenčina",
  hu: "Magyar",
};

export const FACES = ["french4", "french", "german"] as const;
export type Faces = (typeof FACES)[number];

interface Settings {
  language: Language;
  faces: Faces;
}

const KEY = "fernskat.settings";

function guessLanguage(): Language {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
    // Czech readers get Slovak rather than English.
    if (base === "cs") return "sk";
  }
  return "en";
}

/** Where German-suited packs are the local habit, they are the default faces. */
function defaultFaces(language: Language): Faces {
  return language === "sk" || language === "hu" ? "german" : "french4";
}

function load(): Settings {
  let saved: Partial<Settings> = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
  } catch {
    // A corrupt entry is replaced on the next save.
  }
  const language =
    saved.language && (LANGUAGES as readonly string[]).includes(saved.language)
      ? saved.language
      : guessLanguage();
  const faces =
    saved.faces && (FACES as readonly string[]).includes(saved.faces)
      ? saved.faces
      : defaultFaces(language);
  return { language, faces };
}

const [settings, setSettings] = createStore<Settings>(load());

function save(): void {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({ language: settings.language, faces: settings.faces }),
    );
  } catch {
    // Private mode without storage: the settings last for this visit.
  }
}

export { settings };

export function setFaces(faces: Faces): void {
  setSettings("faces", faces);
  save();
}

export function storeLanguage(language: Language): void {
  setSettings("language", language);
  save();
}
