/**
 * How a purchase's tickets become guest seats: every unit of a ticket with several seats (a table
 * of eight) is a group of its own; the single-seat tickets of one line sit together in one group.
 * Merchandise (no seats) gives none. The purchaser takes the first seat of the first group.
 */
export interface SeatedLine {
  itemId: number;
  name: string;
  quantity: number;
  seats: number;
}

export interface PlannedGroup {
  itemId: number;
  name: string;
  seats: number;
}

export function seatingPlan(lines: readonly SeatedLine[]): PlannedGroup[] {
  const groups: PlannedGroup[] = [];
  for (const line of lines) {
    if (line.seats <= 0 || line.quantity <= 0) continue;
    if (line.seats === 1) {
      groups.push({ itemId: line.itemId, name: line.name, seats: line.quantity });
      continue;
    }
    for (let k = 1; k <= line.quantity; k++)
      groups.push({
        itemId: line.itemId,
        name: line.quantity > 1 ? `${line.name} ${k}` : line.name,
        seats: line.seats,
      });
  }
  return groups;
}
