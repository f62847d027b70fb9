import { pagingSearch, searchText } from '../../components/urlSearch';

/** URL search params of the admin search screen. */
export const adminSearchParams = pagingSearch().extend({ name: searchText, email: searchText });
