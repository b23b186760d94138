/**
 * Translations: English is in the first chunk, every other language is loaded when chosen.
 * Each dictionary is typed `Messages`, so a missing or misspelt key fails the typecheck.
 *
 * Messages use `{name}` placeholders. A plural message lists Intl plural categories:
 * `one={n} card|other={n} cards` (Polish needs `few` and `many` as well).
 */
import { batch, createSignal } from "solid-js";
import { type Language, settings, storeLanguage } from "../stores/settings";
import { en, type MessageKey, type Messages } from "./en";

export type { MessageKey, Messages };

const loaders: Record<Exclude<Language, "en">, () => Promise<Messages>> = {
  de: () => import("./de").then((m) => m.de),
  pl: () => import("./pl").then((m) => m.pl),
  sk: () => import("./sk").then((m) => m.sk),
  hu: () => import("./hu").then((m) => m.hu),
};

const [messages, setMessages] = createSignal<Messages>(en);
const [language, setLanguageSignal] = createSignal<Language>("en");

export { language };

async function dictionary(lang: Language): Promise<Messages> {
  return lang === "en" ? en : loaders[lang]();
}

/** Loads and switches to a language (and remembers it on this device). */
export async function setLanguage(lang: Language): Promise<void> {
  const dict = await dictionary(lang);
  batch(() => {
    setMessages(dict);
    setLanguageSignal(lang);
  });
  storeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Called once before the first render so the page never flashes English. */
export async function initLanguage(): Promise<void> {
  try {
    await setLanguage(settings.language);
  } catch {
    await setLanguage("en");
  }
}

export type Params = Record<string, string | number>;

function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function t(key: MessageKey, params?: Params): string {
  return fill(messages()[key] ?? en[key], params);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** A plural message for count `n` (also available as `{n}`). */
export function tn(key: MessageKey, n: number, params?: Params): string {
  const lang = language();
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const category = rules.select(n);
  const forms = new Map<string, string>();
  for (const part of (messages()[key] ?? en[key]).split("|")) {
    const eq = part.indexOf("=");
    forms.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const text = forms.get(category) ?? forms.get("other") ?? "";
  return fill(text, { n, ...params });
}

/** First letter upper-case in the current language (suit names double as game names). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}
