import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// URL dates are MM/DD/YYYY; parsing them by format needs this plugin.
dayjs.extend(customParseFormat);

export { dayjs };
