// URL state of /notifications: its paging.
import { pagingSearch } from '../../components/urlSearch';

export const notificationsSearch = pagingSearch();
