/**
 * What screen readers hear while a card is dragged on the lead and projects
 * boards: @hello-pangea/dnd reads these through its live region (each
 * responder's `provided.announce`) in place of its default "You have moved the
 * item from position 1 to position 2". Cards and columns are named as the
 * board shows them.
 */

/** The drag handle's description (DragDropContext `dragHandleUsageInstructions`); `what` is "lead" or "project". */
export const dragInstructions = (what: string) =>
  `Press Enter to open the ${what}. To move it, press space bar to lift it, the arrow keys to choose a column, space bar again to drop it, or Escape to cancel. Tab reaches the card's actions.`;

/** Said when a card is lifted. */
export const liftAnnouncement = (name: string, from: string) =>
  `Lifted ${name} from ${from}. Use the arrow keys to choose a column.`;

/** Said when a lifted card moves over a column (`over`), or off every column (null). */
export const overAnnouncement = (name: string, from: string, over: string | null) =>
  over == null
    ? `${name} is not over a column`
    : over === from
      ? `${name} is back over ${from}`
      : `${name} is over ${over}`;

/**
 * Said when a card is dropped (reason DROP) or the drag is cancelled: "Moved
 * Ada Lovelace to Quoted", or that it stays where it was.
 */
export const dropAnnouncement = (name: string, from: string, to: string | null, reason: 'DROP' | 'CANCEL') =>
  reason === 'CANCEL'
    ? `Move cancelled. ${name} stays in ${from}`
    : to == null || to === from
      ? `${name} stays in ${from}`
      : `Moved ${name} to ${to}`;
