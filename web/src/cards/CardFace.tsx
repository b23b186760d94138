import { For, type JSX, Show } from "solid-js";
import {
  type FaceStyle,
  parseCardCode,
  type Rank,
  rankIndex,
  SUIT_COLORS,
  type Suit,
} from "./meta";
import { Pip } from "./pips";

// A card is a 100×150 SVG. The index (rank and suit) is large and sits in the left quarter, so a
// hand fanned to a third of a card's width still reads; pips and figures keep clear of it.

const W = 100;
const H = 150;
const MID_Y = H / 2;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = "#2a1a0c";

/** [x, y] of the pips on the upper half and middle; the lower half mirrors them. */
const L = 35;
const R = 65;
const C = 50;
const PIP_LAYOUTS: Partial<Record<Rank, readonly (readonly [number, number])[]>> = {
  "7": [
    [L, 30],
    [R, 30],
    [L, 75],
    [R, 75],
    [L, 120],
    [R, 120],
    [C, 52],
  ],
  "8": [
    [L, 30],
    [R, 30],
    [L, 75],
    [R, 75],
    [L, 120],
    [R, 120],
    [C, 52],
    [C, 98],
  ],
  "9": [
    [L, 30],
    [R, 30],
    [L, 60],
    [R, 60],
    [L, 90],
    [R, 90],
    [L, 120],
    [R, 120],
    [C, 75],
  ],
  T: [
    [L, 30],
    [R, 30],
    [L, 60],
    [R, 60],
    [L, 90],
    [R, 90],
    [L, 120],
    [R, 120],
    [C, 45],
    [C, 105],
  ],
};

export interface CardFaceProps {
  /** Engine card code, suit first: "CJ", "HT", "D7". */
  code: string;
  faces: FaceStyle;
  /** Language of the corner letters on French faces (B/D/K/A in German, W/D/K/A in Polish). */
  lang?: string;
  class?: string;
  /** Accessible name; without it the drawing is hidden from screen readers (label the button). */
  label?: string;
}

function Index(props: { suit: Suit; rank: Rank; faces: FaceStyle; lang: string }): JSX.Element {
  const text = () => rankIndex(props.rank, props.faces, props.lang);
  return (
    <g>
      <text
        x="13.5"
        y="27"
        font-size="26"
        text-anchor="middle"
        fill={SUIT_COLORS[props.faces][props.suit]}
        textLength={text().length > 1 ? "25" : undefined}
        lengthAdjust="spacingAndGlyphs"
      >
        {text()}
      </text>
      <Pip suit={props.suit} faces={props.faces} x={13.5} y={41} size={0.78} />
    </g>
  );
}

function Numeral(props: { suit: Suit; rank: Rank; faces: FaceStyle }): JSX.Element {
  return (
    <For each={PIP_LAYOUTS[props.rank] ?? []}>
      {([x, y]) => (
        <Pip suit={props.suit} faces={props.faces} x={x} y={y} size={0.72} flip={y > MID_Y} />
      )}
    </For>
  );
}

function Ace(props: { suit: Suit; faces: FaceStyle }): JSX.Element {
  return (
    <g>
      <Show when={props.faces === "german"}>
        <ellipse
          cx={C}
          cy={MID_Y}
          rx="27"
          ry="34"
          fill={SUIT_COLORS.german[props.suit]}
          fill-opacity=".1"
          stroke={SUIT_COLORS.german[props.suit]}
          stroke-width=".8"
        />
      </Show>
      <Pip suit={props.suit} faces={props.faces} x={C} y={MID_Y} size={2} />
    </g>
  );
}

const SKIN = "#f6d3ad";
const GOLD = "#f2bf2a";

/** The upper half of a court card; drawn twice, the second time turned about the centre. */
function Figure(props: { suit: Suit; rank: Rank; faces: FaceStyle }): JSX.Element {
  const color = () => SUIT_COLORS[props.faces][props.suit];
  const german = () => props.faces === "german";
  // German Ober carries its suit high, the Unter low; French courts hold it beside the head.
  const pipAt = (): [number, number] =>
    german() ? (props.rank === "J" ? [35.5, 47] : [35.5, 14]) : [64.5, 14];
  return (
    <g stroke={INK} stroke-width=".6" stroke-linejoin="round">
      <path d="M30 75V64c0-7 5-11 12-12h16c7 1 12 5 12 12v11z" fill={color()} />
      {/* The sash meets its mirror image at the centre and runs on diagonally. */}
      <path
        d="M30.4 61.6 34.6 55.4 56 75H44z"
        fill={props.suit === "D" && props.faces !== "french" ? "#fff" : GOLD}
      />
      <path d="M43 52 50 60.4 57 52z" fill="#fff" />
      <path d="M46.5 45h7v7.6h-7z" fill={SKIN} />
      <circle cx={C} cy="38" r="9.5" fill={SKIN} />
      <path d="M46.4 37.4h.1M53.6 37.4h.1" stroke-width="2" stroke-linecap="round" />
      <path d="M47.8 42.6q2.2 1.2 4.4 0" fill="none" />
      <Show when={props.rank === "K"}>
        <path
          d="M41.2 41q.6 10 8.8 10.6 8.2-.6 8.8-10.6-3.2 3.4-8.8 3.4t-8.8-3.4z"
          fill="#d8d2c4"
        />
        <path d="M40 31.5V19l5 6 5-9 5 9 5-6v12.5z" fill={GOLD} />
        <path d="M40.4 29.4h19.2" stroke={color()} stroke-width="1.6" />
      </Show>
      <Show when={props.rank === "Q" && !german()}>
        <path
          d="M40.6 45c-2.4-4-2.6-13 .6-15.6 3-3 14.6-3 17.6 0 3.2 2.6 3 11.6.6 15.6-.6-5.4-2.8-9.6-9.4-9.6s-8.8 4.2-9.4 9.6z"
          fill="#6b3d17"
        />
        <path d="M43 30.6 44.8 24l2.8 3.8L50 22l2.4 5.8 2.8-3.8 1.8 6.6z" fill={GOLD} />
      </Show>
      <Show when={props.rank === "Q" && german()}>
        <path
          d="M45.4 42.2q2.4-1.8 4.6-.4 2.2-1.4 4.6.4-2.4 1.2-4.6.3-2.2.9-4.6-.3z"
          fill="#6b3d17"
        />
        <path d="M42 31c0-5.4 3.4-8.6 8-8.6s8 3.2 8 8.6z" fill={color()} />
        <path d="M36.6 31.6c4-3.2 22.8-3.2 26.8 0-4 1.8-22.8 1.8-26.8 0z" fill={color()} />
        <path d="M56.6 24c3.6-5.2 7.4-8 11-8.6-1.8 4.6-5 8-9.6 10.6z" fill="#fff" />
      </Show>
      <Show when={props.rank === "J"}>
        <path d="M40.2 33.4c-.6-6.4 3.6-10.6 10-10.6s10.6 3.8 10 9.6z" fill={color()} />
        <path d="M42.2 25.6c-2.8-6-6.4-10.4-10.4-12.6 1.2 5.4 4.6 10 9 13.6z" fill="#fff" />
      </Show>
      <Pip suit={props.suit} faces={props.faces} x={pipAt()[0]} y={pipAt()[1]} size={0.42} />
    </g>
  );
}

function Court(props: { suit: Suit; rank: Rank; faces: FaceStyle }): JSX.Element {
  const color = () => SUIT_COLORS[props.faces][props.suit];
  return (
    <g>
      <rect x="28" y="7" width="44" height="136" rx="3" fill={color()} fill-opacity=".08" />
      <Figure suit={props.suit} rank={props.rank} faces={props.faces} />
      <g transform={`rotate(180 ${C} ${MID_Y})`}>
        <Figure suit={props.suit} rank={props.rank} faces={props.faces} />
      </g>
      <rect
        x="28"
        y="7"
        width="44"
        height="136"
        rx="3"
        fill="none"
        stroke={color()}
        stroke-width="1"
      />
    </g>
  );
}

export function CardFace(props: CardFaceProps): JSX.Element {
  const parts = () => parseCardCode(props.code);
  return (
    <svg
      class={props.class ? `card ${props.class}` : "card"}
      viewBox={`0 0 ${W} ${H}`}
      font-family={FONT}
      font-weight="700"
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : "true"}
      data-card={props.code}
    >
      <rect x=".5" y=".5" width="99" height="149" rx="6" fill="#fff" stroke="#9aa3a0" />
      <Show when={parts()}>
        {(p) => {
          const body = () => {
            const { suit, rank } = p();
            if (rank === "A") return <Ace suit={suit} faces={props.faces} />;
            if (rank === "J" || rank === "Q" || rank === "K") {
              return <Court suit={suit} rank={rank} faces={props.faces} />;
            }
            return <Numeral suit={suit} rank={rank} faces={props.faces} />;
          };
          const index = () => (
            <Index suit={p().suit} rank={p().rank} faces={props.faces} lang={props.lang ?? "en"} />
          );
          return (
            <>
              {body()}
              {index()}
              <g transform={`rotate(180 ${C} ${MID_Y})`}>{index()}</g>
            </>
          );
        }}
      </Show>
    </svg>
  );
}

/** Lattice lines of the back, clipped to its inner panel by arithmetic instead of a clipPath. */
function latticePath(x0: number, y0: number, x1: number, y1: number, step: number): string {
  const parts: string[] = [];
  const w = x1 - x0;
  const h = y1 - y0;
  for (let c = step / 2; c < w + h; c += step) {
    // Rising line x + y = c (relative), and its mirror image.
    const ax = Math.min(c, w);
    const ay = c - ax;
    const by = Math.min(c, h);
    const bx = c - by;
    parts.push(`M${x0 + ax} ${y0 + ay}L${x0 + bx} ${y0 + by}`);
    parts.push(`M${x1 - ax} ${y0 + ay}L${x1 - bx} ${y0 + by}`);
  }
  return parts.join("");
}

const BACK = "#8e1c2e";
const BACK_PIPS = [
  ["C", C, 62],
  ["S", 61, MID_Y],
  ["H", C, 88],
  ["D", 39, MID_Y],
] as const;
const BACK_LINES = latticePath(9, 9, 91, 141, 8.2);

export function CardBack(props: { class?: string; label?: string }): JSX.Element {
  return (
    <svg
      class={props.class ? `card card-back ${props.class}` : "card card-back"}
      viewBox={`0 0 ${W} ${H}`}
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : "true"}
    >
      <rect x=".5" y=".5" width="99" height="149" rx="6" fill="#fff" stroke="#9aa3a0" />
      <rect x="6" y="6" width="88" height="138" rx="3" fill={BACK} />
      <path d={BACK_LINES} stroke="#f3d9a4" stroke-opacity=".35" stroke-width="1" />
      <rect
        x="9"
        y="9"
        width="82"
        height="132"
        rx="1.5"
        fill="none"
        stroke="#f3d9a4"
        stroke-width="1.2"
      />
      <ellipse cx={C} cy={MID_Y} rx="21" ry="28" fill={BACK} stroke="#f3d9a4" stroke-width="1.4" />
      <For each={BACK_PIPS}>
        {([suit, x, y]) => (
          <Pip suit={suit} faces="french" x={x} y={y} size={0.42} fill="#f3d9a4" />
        )}
      </For>
    </svg>
  );
}
