/**
 * What one seat (or a spectator, `null`) may see of a table. This is the only way state leaves
 * the table: own hand, how many cards the others hold, the skat only for the declarer who has
 * picked it up, the declarer's hand once it is open (ouvert or a claim), the tricks of the
 * current deal, and everything about a deal once it is over.
 */
import { type Card, cardCode, cardCodes, countCards } from "./cards";
import {
  type Action,
  type DealPhase,
  type DealResult,
  type DealState,
  dealtHand,
  type GameState,
  legalActions,
  originalSkat,
  type Role,
  roleOf,
  roleToAct,
  type Seat,
  type SheetEntry,
  type Standing,
  standings,
} from "./engine";
import { GAME_NAMES, type GameName } from "./games";

export interface PlayedCard {
  seat: Seat;
  card: string;
}

export interface TrickView {
  leader: Seat;
  cards: PlayedCard[];
  winner: Seat;
}

export interface GameView {
  game: GameName;
  hand: boolean;
  schneider: boolean;
  schwarz: boolean;
  ouvert: boolean;
}

export interface AuctionView {
  seat: Seat;
  call: "bid" | "hold" | "pass";
  value?: number;
}

export interface BiddingView {
  /** The value named or held last (0 before the first bid). */
  value: number;
  /** Who names values and who answers; at stage 3 forehand alone decides whether to play at 18. */
  bidder: Seat;
  hearer: Seat;
  awaiting: "bid" | "answer" | "forehand";
}

/** A finished deal with every card shown. */
export interface DealReveal {
  deal: number;
  dealer: Seat;
  /** Seats of forehand, middlehand, rearhand. */
  roles: [Seat, Seat, Seat];
  /** The ten cards each seat was dealt (empty for a sitting-out dealer). */
  dealt: string[][];
  skat: string[];
  discards: string[] | null;
  auction: AuctionView[];
  declarer: Seat | null;
  bid: number;
  game: GameView | null;
  tricks: TrickView[];
  /** Cards of an unfinished last trick when the deal was cut short. */
  trick: PlayedCard[];
  result: DealResult | null;
}

export interface SeatView {
  players: 3 | 4;
  deals: number;
  /** 0-based number of the current deal (equals `deals` once the series is over). */
  dealNumber: number;
  seat: Seat | null;
  finished: boolean;
  phase: DealPhase | "finished";
  dealer: Seat | null;
  roles: [Seat, Seat, Seat] | null;
  toAct: Seat | null;
  hand: string[];
  handCounts: number[];
  /** For the declarer who picked it up: the skat's two cards, then the two laid away. */
  skat: string[] | null;
  bidding: BiddingView | null;
  auction: AuctionView[];
  declarer: Seat | null;
  bid: number;
  game: GameView | null;
  trick: PlayedCard[];
  tricks: TrickView[];
  lastTrick: TrickView | null;
  tricksWon: number[];
  /** The declarer's cards when they are open to everyone (ouvert, or after a claim). */
  openHand: string[] | null;
  claim: { active: boolean; accepted: Seat[] };
  previous: DealReveal | null;
  sheet: SheetEntry[];
  standings: Standing[];
  legal: readonly Action[];
}

export function viewFor(state: GameState, seat: Seat | null): SeatView {
  const deal = state.deal;
  const standingsNow = standings(state);
  const previous = state.previous ? revealDeal(state.previous, state.dealNumber - 1) : null;
  const legal = seat === null ? [] : legalActions(state, seat);
  if (!deal) {
    return {
      players: state.players,
      deals: state.deals,
      dealNumber: state.dealNumber,
      seat,
      finished: true,
      phase: "finished",
      dealer: null,
      roles: null,
      toAct: null,
      hand: [],
      handCounts: new Array<number>(state.players).fill(0),
      skat: null,
      bidding: null,
      auction: [],
      declarer: null,
      bid: 0,
      game: null,
      trick: [],
      tricks: [],
      lastTrick: null,
      tricksWon: new Array<number>(state.players).fill(0),
      openHand: null,
      claim: { active: false, accepted: [] },
      previous,
      sheet: state.sheet,
      standings: standingsNow,
      legal,
    };
  }
  const role = seat === null ? -1 : roleOf(deal, seat);
  const handCounts = new Array<number>(state.players).fill(0);
  deal.roles.forEach((roleSeat, r) => {
    handCounts[roleSeat] = countCards(deal.hands[r as Role]);
  });
  const tricks = tricksOf(deal);
  const tricksWon = new Array<number>(state.players).fill(0);
  for (const trick of tricks) tricksWon[trick.winner] = (tricksWon[trick.winner] as number) + 1;
  const actingRole = roleToAct(deal);
  const isDeclarer = role !== -1 && role === deal.declarer;
  return {
    players: state.players,
    deals: state.deals,
    dealNumber: state.dealNumber,
    seat,
    finished: false,
    phase: deal.phase,
    dealer: deal.dealer,
    roles: deal.roles,
    toAct: actingRole === -1 ? null : deal.roles[actingRole],
    hand: role !== -1 ? cardCodes(deal.hands[role]) : [],
    handCounts,
    skat:
      isDeclarer && deal.pickedUp
        ? cardCodes(deal.phase === "discard" ? originalSkat(deal) : deal.skat)
        : null,
    bidding: biddingOf(deal),
    auction: auctionOf(deal),
    declarer: deal.declarer === -1 ? null : deal.roles[deal.declarer],
    bid: deal.bid,
    game: gameOf(deal),
    trick: currentTrick(deal),
    tricks,
    lastTrick: tricks[tricks.length - 1] ?? null,
    tricksWon,
    openHand:
      deal.declarerOpen && deal.declarer !== -1 ? cardCodes(deal.hands[deal.declarer]) : null,
    claim: { active: deal.claimActive, accepted: deal.yielded.map((r) => deal.roles[r]) },
    previous,
    sheet: state.sheet,
    standings: standingsNow,
    legal,
  };
}

function biddingOf(deal: DealState): BiddingView | null {
  if (deal.phase !== "bidding") return null;
  return {
    value: deal.bid,
    bidder: deal.roles[deal.stage === 3 ? 0 : deal.bidder],
    hearer: deal.roles[deal.stage === 3 ? 0 : deal.hearer],
    awaiting: deal.stage === 3 ? "forehand" : deal.awaitingAnswer ? "answer" : "bid",
  };
}

function auctionOf(deal: DealState): AuctionView[] {
  return deal.auction.map((call) => {
    const view: AuctionView = { seat: deal.roles[call.role], call: call.call };
    if (call.value !== undefined) view.value = call.value;
    return view;
  });
}

function gameOf(deal: DealState): GameView | null {
  const declaration = deal.declaration;
  if (!declaration) return null;
  return {
    game: GAME_NAMES[declaration.kind] as GameName,
    hand: declaration.hand,
    schneider: declaration.schneider,
    schwarz: declaration.schwarz,
    ouvert: declaration.ouvert,
  };
}

/** Completed tricks of a deal, rebuilt from the cards in play order and the trick winners. */
export function tricksOf(deal: DealState): TrickView[] {
  const tricks: TrickView[] = [];
  let leader: Role = 0;
  deal.trickWinners.forEach((winner, index) => {
    const cards = deal.played.slice(index * 3, index * 3 + 3).map((card, offset) => ({
      seat: deal.roles[((leader + offset) % 3) as Role],
      card: cardCode(card),
    }));
    tricks.push({ leader: deal.roles[leader], cards, winner: deal.roles[winner] });
    leader = winner;
  });
  return tricks;
}

function currentTrick(deal: DealState): PlayedCard[] {
  return deal.trick.map((card: Card, offset) => ({
    seat: deal.roles[((deal.leader + offset) % 3) as Role],
    card: cardCode(card),
  }));
}

/** Everything about a finished deal: public once the deal is over. */
export function revealDeal(deal: DealState, dealNumber: number): DealReveal {
  const dealt: string[][] = Array.from({ length: deal.players }, () => []);
  deal.roles.forEach((seat, role) => {
    dealt[seat] = cardCodes(dealtHand(deal, role as Role));
  });
  return {
    deal: dealNumber,
    dealer: deal.dealer,
    roles: deal.roles,
    dealt,
    skat: cardCodes(originalSkat(deal)),
    discards: deal.pickedUp ? cardCodes(deal.skat) : null,
    auction: auctionOf(deal),
    declarer: deal.declarer === -1 ? null : deal.roles[deal.declarer],
    bid: deal.bid,
    game: gameOf(deal),
    tricks: tricksOf(deal),
    trick: currentTrick(deal),
    result: deal.result,
  };
}
