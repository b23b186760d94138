export { CardBack, CardFace, type CardFaceProps } from "./CardFace";
export * from "./meta";

import "./cards.css";
