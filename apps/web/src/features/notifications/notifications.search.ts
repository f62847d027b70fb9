// URL state of /notifications: its paging only (the list takes no filter, so nothing to derive from its query).
import { pagingSearch } from '../../components/urlSearch';

export const notificationsSearch = pagingSearch();
