// The glance sweep on a phone (390×844): every screen of the registry stays at its top, has one h1 and its own title,
// shows no internal name, scrolls no sideways, passes axe-core, and its header's button opens the menu
// (support/glance.ts; the laptop width is glance.e2e.test.ts).
import { glanceSweep, PHONE } from './support/glance.ts';

glanceSweep(PHONE);
