// Row clicks that open (the list-and-report kit): a click anywhere on a row opens its record, as its name link does;
// clicks on the row's own controls (links, buttons, checkboxes, inputs) keep doing what they do. Keyboard users reach
// the record through the row's link.

const OWN_CONTROLS =
  'a, button, input, label, select, textarea, [role="button"], [role="checkbox"], .ant-dropdown-trigger';

export function rowOpens<Row>(open: (row: Row) => void) {
  return (row: Row) => ({
    className: 'row-opens',
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest(OWN_CONTROLS)) return;
      open(row);
    },
  });
}
