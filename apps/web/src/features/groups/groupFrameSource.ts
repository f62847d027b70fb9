// What the shared group frame (components/GroupFrame) reads: the group and its menu, under the groups feature's query
// keys so that a group mutation refreshes every open group page. The signed-in layout provides it.
import type { GroupFrameSource } from '../../components/GroupFrame';
import { groupMenuQuery, groupQuery } from './groups.api';

export const groupFrameSource: GroupFrameSource = { groupQuery, groupMenuQuery };
