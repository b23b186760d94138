import { createSignal, For, onMount, Show } from "solid-js";
import { CardFace } from "../cards";
import { FormError } from "../components/FormError";
import { NameField } from "../components/NameField";
import { AutoPlaySetting, NotificationSettings } from "../components/settings/Correspondence";
import { language, setLanguage, t } from "../i18n";
import { type ApiFailure, api } from "../lib/api";
import { errorText } from "../lib/errors";
import { createPlayerSettings } from "../stores/playerSettings";
import { personalLink, session, setPlayer } from "../stores/session";
import {
  FACES,
  type Faces,
  LANGUAGE_NAMES,
  LANGUAGES,
  setFaces,
  settings,
} from "../stores/settings";
import { StartForm } from "./Home";

const PREVIEW = ["CJ", "HA", "ST", "DQ"];

/** The player's name, changed everywhere at once (PUT /api/me/settings tells every table). */
function NameForm() {
  const [name, setName] = createSignal(session.player?.name ?? "");
  const [state, setState] = createSignal<"idle" | "saving" | "saved">("idle");
  const [error, setError] = createSignal<ApiFailure | null>(null);
  async function save(event: Event) {
    event.preventDefault();
    setState("saving");
    setError(null);
    const result = await api<{ name: string }>("PUT", "/api/me/settings", {
      body: { name: name().trim() },
    });
    if (!result.ok) {
      setError(result.error);
      setState("idle");
      return;
    }
    if (session.player) setPlayer({ ...session.player, name: result.value.name });
    setName(result.value.name);
    setState("saved");
  }
  return (
    <form class="name-form" onSubmit={save}>
      <NameField
        label={t("settings.name")}
        value={name()}
        onInput={(value) => {
          setName(value);
          setState("idle");
        }}
        testId="player-name"
      >
        <small class="field-hint">{t("settings.nameNote")}</small>
      </NameField>
      <div class="actions start">
        <button
          type="submit"
          class="btn primary"
          disabled={state() === "saving" || name().trim() === (session.player?.name ?? "")}
          data-testid="save-name"
        >
          {state() === "saved" ? t("settings.saved") : t("settings.saveName")}
        </button>
      </div>
      <FormError error={error()} />
    </form>
  );
}

/** What the server keeps for the player: automatic play and notifications. */
function ServerSettings() {
  const store = createPlayerSettings();
  onMount(() => void store.load());
  return (
    <>
      <Show when={store.state.loadError}>
        {(error) => (
          <p class="form-error" role="alert">
            {t("settings.loadFailed")} {errorText(error())}
          </p>
        )}
      </Show>
      <AutoPlaySetting store={store} />
      <NotificationSettings store={store} />
    </>
  );
}

export default function SettingsPage() {
  const [copied, setCopied] = createSignal(false);
  const faceLabel = (faces: Faces) =>
    faces === "french4"
      ? t("settings.french4")
      : faces === "french"
        ? t("settings.french")
        : t("settings.german");
  async function copyLink() {
    const link = personalLink();
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      (document.getElementById("personal-link") as HTMLInputElement | null)?.select();
    }
  }
  return (
    <main class="page narrow settings">
      <h1>{t("settings.title")}</h1>

      <section class="panel light">
        <fieldset>
          <legend>{t("settings.language")}</legend>
          <div class="option-list" data-testid="languages">
            <For each={LANGUAGES}>
              {(lang) => (
                <label class="choice wide">
                  <input
                    type="radio"
                    name="language"
                    value={lang}
                    checked={language() === lang}
                    onChange={() => void setLanguage(lang)}
                    data-testid={`lang-${lang}`}
                  />
                  <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
                </label>
              )}
            </For>
          </div>
        </fieldset>
      </section>

      <section class="panel light">
        <fieldset>
          <legend>{t("settings.faces")}</legend>
          <div class="faces-list">
            <For each={FACES}>
              {(faces) => (
                <label class="face-option" classList={{ chosen: settings.faces === faces }}>
                  <input
                    type="radio"
                    name="faces"
                    value={faces}
                    checked={settings.faces === faces}
                    onChange={() => setFaces(faces)}
                    data-testid={`faces-${faces}`}
                  />
                  <span class="face-name">{faceLabel(faces)}</span>
                  <span class="face-preview" aria-hidden="true">
                    <For each={PREVIEW}>
                      {(code) => <CardFace code={code} faces={faces} lang={language()} />}
                    </For>
                  </span>
                </label>
              )}
            </For>
          </div>
        </fieldset>
      </section>

      <section class="panel light">
        <h2>{t("settings.player")}</h2>
        <Show when={session.token} fallback={<StartForm />}>
          <NameForm />
          <h3>{t("settings.personalLink")}</h3>
          <p>{t("settings.personalLinkText")}</p>
          <div class="invite-link">
            <label for="personal-link" class="visually-hidden">
              {t("settings.personalLink")}
            </label>
            <input
              id="personal-link"
              type="text"
              readOnly
              value={personalLink() ?? ""}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div class="actions">
              <button type="button" class="btn primary" onClick={() => void copyLink()}>
                {copied() ? t("invite.copied") : t("invite.copy")}
              </button>
            </div>
          </div>
          <p class="warning small">{t("settings.personalLinkWarning")}</p>
        </Show>
      </section>

      <Show when={session.token} keyed>
        {(_) => <ServerSettings />}
      </Show>
    </main>
  );
}
