// Spec 3 §5: Enter on a sample number (a scanner ends each barcode with Enter) moves to the pet's name instead of
// submitting the form, wherever sample numbers are entered for pets: the dog edit form, adding pets, approving dogs.

/** An onKeyDown for the sample number's wrapper: Enter focuses the name field of the same dog (`[data-dog]`). */
export function enterMovesToName(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter') return;
  const dog = (event.target as HTMLElement).closest('[data-dog]');
  const name = dog?.querySelector<HTMLInputElement>('input[data-pet-name], input[id$="_name"]');
  if (!name) return;
  event.preventDefault();
  name.focus();
}
