/** What the item and bid pages show for an id that is no item of the event. */
export function ItemNotFound() {
  return (
    <p className="gavel-card" role="alert" data-testid="item-not-found">
      This item was not found.
    </p>
  );
}
