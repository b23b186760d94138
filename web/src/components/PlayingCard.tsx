import { CardBack, CardFace } from "../cards";
import { language } from "../i18n";
import { settings } from "../stores/settings";

/** A face-up card in the player's chosen faces (decorative unless labelled). */
export function PlayingCard(props: { code: string; class?: string; label?: string }) {
  return (
    <CardFace
      code={props.code}
      faces={settings.faces}
      lang={language()}
      class={props.class}
      label={props.label}
    />
  );
}

export function FaceDown(props: { class?: string; label?: string }) {
  return <CardBack class={props.class} label={props.label} />;
}
