import { describe, expect, it } from 'vitest';
import { DnaProfileLabStatus, SampleCustomerStatus } from './enums.ts';
import { MATCH_RUN_RESULTS } from './wasteresults.ts';
import {
  INTERNAL_NAMES,
  auditActionWords,
  labStatusWords,
  matchResultWords,
  sampleHistoryActionWords,
  sampleStatusWords,
  wordsOf,
} from './words.ts';

describe('the product words', () => {
  it('has words for every sample and lab status, none of them an internal name', () => {
    for (const value of Object.values(SampleCustomerStatus)) {
      const words = sampleStatusWords(value);
      expect(words).not.toMatch(/[a-z][A-Z]/);
      expect(INTERNAL_NAMES).not.toContain(words);
    }
    expect(sampleStatusWords(SampleCustomerStatus.DnaSampleReceived)).toBe('DNA Sample Received');
    expect(sampleStatusWords(SampleCustomerStatus.Processing2ndSwab)).toBe('Processing 2nd Swab');
    for (const value of Object.values(DnaProfileLabStatus)) expect(labStatusWords(value)).not.toMatch(/[a-z][A-Z]/);
  });

  it('reads the history causes the server writes', () => {
    expect(sampleHistoryActionWords('dnaProfileLabStatus:400')).toBe('Lab status set to Approved');
    expect(sampleHistoryActionWords('dnaPlateUploaded')).toBe('Plate file uploaded');
    expect(sampleHistoryActionWords('created')).toBe('Sample registered');
    expect(sampleHistoryActionWords('resetToProfileCreated')).toBe('Reset to Profile Created');
    // A cause added later still reads as words.
    expect(sampleHistoryActionWords('clusterMovedToDog')).toBe('Cluster moved to dog');
    expect(auditActionWords('SampleStatus:reject')).toBe('Sample status: Rejected');
    expect(auditActionWords('RemoveFromAllGroups')).toBe('Remove from all groups');
    expect(wordsOf('IncompleteDnaProfile')).toBe('Incomplete DNA profile');
  });

  it('reads every match result in words, never its code', () => {
    for (const code of MATCH_RUN_RESULTS) expect(matchResultWords(code)).not.toMatch(/[a-z][A-Z]/);
    expect(matchResultWords('NoMatch')).toBe('No match');
    expect(matchResultWords('MultipleMatch')).toBe('Multiple matches');
    expect(matchResultWords('NonCanine')).toBe('Non-canine');
  });

  it('lists the internal names a sweep looks for', () => {
    expect(INTERNAL_NAMES).toEqual(
      expect.arrayContaining(['ProfileCreated', 'DnaSampleReceived', 'dnaPlateUploaded', 'NoMatch', 'MultipleMatch']),
    );
    expect(INTERNAL_NAMES).not.toContain('Expired');
  });
});
