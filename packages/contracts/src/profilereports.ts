// The profile reports under /reports (spec 3 §2): duplicate dogs (/reports/duplicate-dog) and gender mismatches
// (/reports/gendermismatch), each for a picked group in the caller's scope, with filters, sorting, paging and export.
// The lab's own duplicate tool (/lab-tools/duplicate-dog-report) and the gender-mismatch CSV stay in duplicatedogs.
import { z } from 'zod';
import { id, INT_MAX, PAGE_SIZE_MAX, queryBoolean, queryEnum, textField, integer } from './common.ts';
import { Gender, GroupTypes } from './enums.ts';
import { DUPLICATE_REPORT_PAGE_SIZE } from './duplicatedogs.ts';
import { exportFormat } from './reports.ts';

const { HierarchyRoot, DistributorshipManagementGroup, Distributorship, ManagementGroup, Property, ParentageGroup } =
  GroupTypes;
/** Spec 3 §5 names no types for these two pickers: every group a pet owner can belong to, and the groups above them. */
export const PROFILE_REPORT_GROUP_TYPES = [
  HierarchyRoot,
  DistributorshipManagementGroup,
  Distributorship,
  ManagementGroup,
  Property,
  ParentageGroup,
] as const;

/** The review filter of the duplicate report (spec 3 §2: All, Unreviewed = pending, Reviewed = approved). */
export const DuplicateReviewFilter = { All: 0, Unreviewed: 1, Reviewed: 2 } as const;
export const DUPLICATE_REPORT_ORDERS = ['clusterId', 'members', 'approvalDate'] as const;
export const GENDER_MISMATCH_ORDERS = ['sampleNumber', 'petName', 'propertyName', 'dateApproved'] as const;
export const GENDER_MISMATCH_PAGE_SIZE = 25;

const paging = (defaultSize: number) => ({
  page: integer(1, INT_MAX).default(1),
  pageSize: integer(1, PAGE_SIZE_MAX).default(defaultSize),
});

const duplicateDogFilters = {
  groupId: id,
  reviewStatus: queryEnum(DuplicateReviewFilter).optional(),
  sampleNumber: textField(32).trim().optional(),
  orderBy: z.enum(DUPLICATE_REPORT_ORDERS).default('clusterId'),
  ascending: queryBoolean.optional(),
};
export const duplicateDogReportQuery = z.object({ ...duplicateDogFilters, ...paging(DUPLICATE_REPORT_PAGE_SIZE) });
export const duplicateDogReportExportQuery = z.object({ ...duplicateDogFilters, format: exportFormat });
export const duplicateDogMember = z.object({
  sampleNumber: z.string(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  gender: z.number().int().nullable(),
  propertyName: z.string().nullable(),
  approvalDate: z.string().nullable(),
});
export const duplicateDogReportItem = z.object({
  clusterId: z.number().int(),
  reviewed: z.boolean(),
  reviewedBy: z.string().nullable(),
  dateReviewed: z.string().nullable(),
  /** The cluster's dogs under the picked group. */
  members: z.array(duplicateDogMember),
  /** Dogs of the cluster outside the picked group: counted, never shown. */
  membersOutsideGroup: z.number().int(),
});
export const duplicateDogReportPage = z.object({
  data: z.array(duplicateDogReportItem),
  totalRecords: z.number().int(),
});
export type DuplicateDogReportItem = z.output<typeof duplicateDogReportItem>;

const genderMismatchFilters = {
  groupId: id,
  sampleNumber: textField(32).trim().optional(),
  recordedGender: queryEnum(Gender).optional(),
  orderBy: z.enum(GENDER_MISMATCH_ORDERS).default('sampleNumber'),
  ascending: queryBoolean.optional(),
};
export const genderMismatchQuery = z.object({ ...genderMismatchFilters, ...paging(GENDER_MISMATCH_PAGE_SIZE) });
export const genderMismatchExportQuery = z.object({ ...genderMismatchFilters, format: exportFormat });
export const genderMismatchItem = z.object({
  petId: z.number().int(),
  sampleNumber: z.string(),
  petName: z.string(),
  ownerName: z.string().nullable(),
  propertyName: z.string().nullable(),
  recordedGender: z.number().int(),
  /** The DNA profile's amelogenin call: 'Male' or 'Female'. */
  dnaSex: z.string(),
  dateApproved: z.string().nullable(),
});
export const genderMismatchPage = z.object({ data: z.array(genderMismatchItem), totalRecords: z.number().int() });
export type GenderMismatchItem = z.output<typeof genderMismatchItem>;
