import type { JSX } from "solid-js";
import type { FaceStyle, Suit } from "./meta";

// Every suit symbol is drawn once in a 20×20 box centred on the origin and placed with a transform,
// so a card is a handful of short paths.

const FRENCH_PATHS: Record<Suit, string> = {
  C: "M-4.9-5.1a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M-10 1.6a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M.2 1.6a4.9 4.9 0 1 0 9.8 0 4.9 4.9 0 1 0-9.8 0M-2.6-.4a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0M-1 1Q-1 7.6-4.4 10H4.4Q1 7.6 1 1z",
  S: "M0-10C2.5-6 10-2.6 10 2.6 10 6 7.6 7.8 5 7.8 3.3 7.8 2 7 1.2 6 1.4 7.8 2.6 9 4.5 10h-9C-2.6 9-1.4 7.8-1.2 6-2 7-3.3 7.8-5 7.8-7.6 7.8-10 6-10 2.6-10-2.6-2.5-6 0-10z",
  H: "M0 9.6C-2.6 6-10 1.8-10-3.6-10-7.4-7.3-9.6-4.7-9.6-2.6-9.6-.8-8.4 0-6.5.8-8.4 2.6-9.6 4.7-9.6 7.3-9.6 10-7.4 10-3.6 10 1.8 2.6 6 0 9.6z",
  D: "M0-10Q3.6-4.4 7.6 0 3.6 4.4 0 10-3.6 4.4-7.6 0-3.6-4.4 0-10z",
};

const FRENCH_FILL: Record<"french4" | "french", Record<Suit, string>> = {
  french4: { C: "#1b1b1b", S: "#13803a", H: "#d3182b", D: "#f2a200" },
  french: { C: "#1b1b1b", S: "#1b1b1b", H: "#d3182b", D: "#d3182b" },
};

// German suits are small pictures: two or three colours and an outline.
const OUTLINE = "#2a1a0c";

function Acorn(): JSX.Element {
  return (
    <g stroke={OUTLINE} stroke-width=".7" stroke-linejoin="round">
      <path d="M-1-8.6-.6-10.6H.9L1-8.6z" fill="#6b4a1c" />
      <path d="M-5.6-2.4C-5.6 4.2-2.6 9.8 0 9.8S5.6 4.2 5.6-2.4z" fill="#e2a93a" />
      <path d="M-1.6 5.8C-1 7.6 0 8.4.4 8.6" fill="none" stroke="#fff3c8" stroke-width=".9" />
      <path d="M-6.8-2C-7.2-6.6-4-9 0-9S7.2-6.6 6.8-2c-1.2.9-12.4.9-13.6 0z" fill="#7a4a1c" />
      <path
        d="M-5-4.2h10M-4-6.6h8M-2.4-8.9 1.5-2M1.5-8.9-2.2-2"
        stroke="#b07a3a"
        stroke-width=".6"
      />
    </g>
  );
}

function Leaf(): JSX.Element {
  return (
    <g stroke={OUTLINE} stroke-width=".7" stroke-linejoin="round">
      <path
        d="M0-10C1.5-7 4.5-6.6 6.4-4.6 8.6-2.4 10-.2 9.6 2.8 9.2 6.2 5.8 8 2.6 7.4 1.6 7.2 1 7 1 7.4V10H-1V7.4c0-.4-.6-.2-1.6 0C-5.8 8-9.2 6.2-9.6 2.8-10-.2-8.6-2.4-6.4-4.6-4.5-6.6-1.5-7 0-10z"
        fill="#2f9a3c"
      />
      <path
        d="M0-6.6V7M0-2 4.6-4.2M0-2-4.6-4.2M0 2.2 6.4.2M0 2.2-6.4.2M0 5.6 3.8 5M0 5.6-3.8 5"
        fill="none"
        stroke="#c9eab2"
        stroke-width=".8"
      />
    </g>
  );
}

function GermanHeart(): JSX.Element {
  return (
    <g>
      <path d={FRENCH_PATHS.H} fill="#d6222e" stroke="#7a0d14" stroke-width=".7" />
      <path d="M-7.4-4.2C-7.4-6.6-5.6-7.6-4-7.4" fill="none" stroke="#ffb3b3" stroke-width="1.2" />
    </g>
  );
}

function Bell(): JSX.Element {
  return (
    <g stroke={OUTLINE} stroke-width=".7">
      <circle cy="-8.6" r="1.3" fill="none" />
      <circle cy=".6" r="8.6" fill="#f5b71c" />
      <path d="M-8.4-1.2H8.4A8.6 8.6 0 0 1 8.4 2.4H-8.4A8.6 8.6 0 0 1-8.4-1.2z" fill="#c9302c" />
      <circle cy="5.4" r="1.6" fill={OUTLINE} />
      <path d="M0 7V9.2" />
      <path
        d="M-5.4-4.6C-4.4-6.2-2.6-6.8-1.2-6.8"
        fill="none"
        stroke="#fff3c0"
        stroke-width="1.2"
      />
    </g>
  );
}

const GERMAN: Record<Suit, () => JSX.Element> = { C: Acorn, S: Leaf, H: GermanHeart, D: Bell };

export interface PipProps {
  suit: Suit;
  faces: FaceStyle;
  x: number;
  y: number;
  /** Scale of the 20-unit symbol. */
  size: number;
  /** Upside down, as on the lower half of a card. */
  flip?: boolean;
  /** One colour for a French symbol instead of its suit colour (the card back). */
  fill?: string;
}

export function Pip(props: PipProps): JSX.Element {
  const transform = () =>
    `translate(${props.x} ${props.y}) scale(${props.size})${props.flip ? " rotate(180)" : ""}`;
  return (
    <g transform={transform()}>
      {props.faces === "german" ? (
        GERMAN[props.suit]()
      ) : (
        <path
          d={FRENCH_PATHS[props.suit]}
          fill={props.fill ?? FRENCH_FILL[props.faces][props.suit]}
        />
      )}
    </g>
  );
}
