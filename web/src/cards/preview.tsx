// Contact sheet of every card in every face style, for test/visual/cards.mjs to screenshot.
// Not imported by the app.
import { For } from "solid-js";
import { render } from "solid-js/web";
import { CardBack, CardFace, FACE_STYLES, RANKS, SUITS } from "./index";

const codes = SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}`));
const hand = ["CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "S9", "HA", "HQ", "D8", "D7"];
const params = new URLSearchParams(location.search);
const view = params.get("view") ?? "sheet";
const lang = params.get("lang") ?? "en";

function Sheet() {
  return (
    <For each={FACE_STYLES}>
      {(faces) => (
        <section>
          <h2>{faces}</h2>
          <div class="grid">
            <For each={codes}>{(code) => <CardFace code={code} faces={faces} lang={lang} />}</For>
            <CardBack />
          </div>
        </section>
      )}
    </For>
  );
}

function Hands() {
  return (
    <For each={FACE_STYLES}>
      {(faces) => (
        <div class="hand">
          <For each={hand}>{(code) => <CardFace code={code} faces={faces} lang={lang} />}</For>
        </div>
      )}
    </For>
  );
}

const root = document.getElementById("root");
if (root) render(() => (view === "hand" ? <Hands /> : <Sheet />), root);
