// The shared form behaviour: unchanged saves change nothing, server problems under their fields, numbers refused
// rather than clamped, text limits from the contract schema.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes, groupUpdateRequest, maxLengthAt, address } from '@registry/contracts';
import { mockFetch, renderWithProviders } from './utils';
import { GroupEditModal } from '../features/groups/components/GroupEditModal';
import type { GroupDetails } from '../features/groups/groups.api';
import { SchemaTextInput } from '../components/MaxLengthInput';
import fs from 'node:fs';
import path from 'node:path';

afterEach(() => vi.unstubAllGlobals());

const texas = { id: 'US-TX', abbreviation: 'TX', name: 'Texas' };
const us = { id: 'US', twoLetterCode: 'US', name: 'United States', subdivisionLabel: 'State' };
const oakRidge: GroupDetails = {
  id: 9,
  name: 'Oak Ridge Apartments',
  groupType: GroupTypes.Property,
  parentId: 3,
  isActive: true,
  email: null,
  phone: null,
  website: null,
  numberOfUnits: 240,
  mailingAddress: null,
  isSameAddress: false,
  managementCompany: null,
  certificationRecipient: 0,
  propertyAddress: {
    addressLine1: '4500 Oak Ridge Dr',
    addressLine2: null,
    addressLine3: null,
    city: 'Austin',
    postalCode: '78745',
    state: texas,
    country: us,
  },
  propertyNotes: null,
  propertyPreRegisterCode: 'OAKRIDGE',
  preRegistrationLink: null,
  propertyOrderFormUrl: null,
  propertyManagementSoftware: null,
  propertyType: null,
  residentPayEnabled: false,
  propertyRegistrationFee: null,
  propertyDnBarcodeCount: 40,
  propertyTdBarcodeCount: 25,
  propertyDnBarcodeThreshold: 20,
  propertyTdBarcodeThreshold: 30,
  adjacentProperties: [],
  logoUrl: null,
  canSeeExtraFields: true,
  ancestorIds: [1, 3],
};

function server(answer?: (body: any) => { status: number; body: unknown } | undefined) {
  return mockFetch({
    'GET /api/v1/lookup/countries': [us],
    'GET /api/v1/lookup/getstatesbyid': [texas],
    'PUT /api/v1/group/9': (call: { body: any }) => answer?.(call.body) ?? { status: 200, body: oakRidge },
  });
}

const save = async () => userEvent.click(await screen.findByRole('button', { name: 'Save' }));

describe('group edit form', () => {
  it('saved unchanged, sends the property address it was shown (no mailing address)', async () => {
    const { calls } = server();
    renderWithProviders(<GroupEditModal group={oakRidge} open onClose={() => {}} />);
    await save();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as any;
    expect(body.isSameAddress).toBe(false);
    expect(body.propertyAddress).toMatchObject({
      addressLine1: '4500 Oak Ridge Dr',
      city: 'Austin',
      stateId: 'US-TX',
      countryId: 'US',
      postalCode: '78745',
    });
    expect(body.numberOfUnits).toBe(240);
    expect(body.propertyDnBarcodeCount).toBe(40);
  });

  it('refuses units of -5 under the field instead of saving 0', async () => {
    const { calls } = server();
    renderWithProviders(<GroupEditModal group={oakRidge} open onClose={() => {}} />);
    const units = await screen.findByLabelText('Number of units');
    await userEvent.clear(units);
    await userEvent.type(units, '-5');
    fireEvent.blur(units);
    await save();
    expect(await screen.findByText('Must be 0 or more.')).toBeTruthy();
    expect((units as HTMLInputElement).value).toBe('-5');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's problems under their fields and the rest in the error dialog", async () => {
    server(() => ({
      status: 400,
      body: {
        message: 'The request is invalid.',
        modelState: { 'propertyAddress.city': ['City is wrong.'], somethingElse: ['Another problem.'] },
      },
    }));
    renderWithProviders(<GroupEditModal group={oakRidge} open onClose={() => {}} />);
    await save();
    const city = await screen.findByText('City is wrong.');
    // Under the City field of the property address.
    expect(city.closest('.ant-form-item')?.contains(screen.getAllByLabelText('City').at(-1)!)).toBe(true);
    const dialog = await screen.findByText('Another problem.');
    expect(dialog).toBeTruthy();
    expect(screen.queryAllByText('City is wrong.')).toHaveLength(1);
  });

  it('takes its text limits from the contract schema', async () => {
    server();
    renderWithProviders(<GroupEditModal group={oakRidge} open onClose={() => {}} />);
    const name = await screen.findByLabelText('Name');
    expect(name.getAttribute('maxlength')).toBe(String(maxLengthAt(groupUpdateRequest, 'name')));
    expect(maxLengthAt(groupUpdateRequest, 'name')).toBe(200);
    const city = within(document.body).getAllByLabelText('City')[0];
    expect(city.getAttribute('maxlength')).toBe(String(maxLengthAt(address, 'city')));
    expect(maxLengthAt(groupUpdateRequest, 'email')).toBe(256);
    expect(maxLengthAt(groupUpdateRequest, 'propertyAddress.postalCode')).toBe(20);
  });
});

describe('SchemaTextInput', () => {
  function Controlled({ initial }: { initial: string }) {
    return (
      <SchemaTextInput
        schema={groupUpdateRequest}
        field="phone"
        aria-label="Phone"
        value={initial}
        onChange={() => {}}
      />
    );
  }
  it('warns within 10 characters of the limit and errs at it', () => {
    const { rerender } = renderWithProviders(<Controlled initial={'1'.repeat(21)} />);
    expect(screen.queryByText(/remaining/)).toBeNull();
    rerender(<Controlled initial={'1'.repeat(22)} />);
    expect(screen.getByText('10 characters remaining.')).toBeTruthy();
    rerender(<Controlled initial={'1'.repeat(32)} />);
    expect(screen.getByText('Maximum length of 32 characters reached.')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });
});

/**
 * The JSX elements of a source that carry a maxLength attribute, as 'tag (line n)': each opening tag is read to its
 * closing '>' outside braces and quotes, and its own attributes (not those of an element inside a brace) are checked.
 */
function limitedElements(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/<([A-Za-z][\w.]*)(?=[\s/>])/g)) {
    let depth = 0;
    let quote: string | null = null;
    let own = '';
    for (let i = match.index + match[0].length; i < source.length; i++) {
      const c = source[i];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (depth === 0 && c === '>') break;
      if (depth === 0 && !quote) own += c;
    }
    if (/(^|\s)maxLength=/.test(own))
      found.push(`${match[1]} (line ${source.slice(0, match.index).split('\n').length})`);
  }
  return found;
}

// The spec's limited input (its warning within 10 characters and its error at the limit) and its contract form.
// UrlSearchFilter (components/urlFilters.tsx) is the widget bound to the URL, UpdateOnEnterInput a filter's box.
const THE_WIDGET = /^(MaxLengthInput|SchemaTextInput|MaxLengthHint|UrlSearchFilter|UpdateOnEnterInput) /;
// Where antd renders the input itself: the field shows the widget's MaxLengthHint instead.
const WITH_HINT = new Set([
  'features/wasteresults/ResultSetPage.tsx: AutoComplete',
  // The sign-in page is the first download: antd's plain Input with the widget's light hint, not the widget (its Form
  // and the contract's zod would add about 49 kB to the login page's budget).
  'features/accounts/LoginPage.tsx: Input',
  'features/accounts/LoginPage.tsx: PasswordInput',
]);
// The plain text boxes, each with why it is not the widget; any other (a list's filter box rendering antd's Input
// itself) fails the sweep.
const PLAIN_TEXT_BOXES = [
  // Compared with the text asked for; what was typed is never sent.
  'components/ConfirmByTypingDialog.tsx: Input',
];

describe('every limited input is the max-length widget', () => {
  it('finds a plain limited input', () => {
    expect(
      limitedElements(
        '<><Input maxLength={20} /><MaxLengthInput maxLength={5} />\n<Input.TextArea rows={2} maxLength={9} />' +
          '<Form.Item extra={<b>a > b</b>}><Select onChange={(v) => f(v)} /></Form.Item></>',
      ),
    ).toEqual(['Input (line 1)', 'MaxLengthInput (line 1)', 'Input.TextArea (line 2)']);
  });

  it('holds every maxLength of the web app to the widget', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const plain = fs
      .readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.includes('.test.'))
      .flatMap((entry) => {
        const file = path.relative(src, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (file === 'components/MaxLengthInput.tsx') return [];
        return limitedElements(fs.readFileSync(path.join(src, file), 'utf8'))
          .filter((element) => !THE_WIDGET.test(element))
          .filter((element) => !WITH_HINT.has(`${file}: ${element.split(' ')[0]}`))
          .map((element) => `${file}: ${element}`);
      });
    expect(plain).toEqual([]);
  });

  // Every text area holds text the server limits (notes, a template's body, a panel's markers): each is the widget's
  // multi-line kind, so its limit warns and errs like every other field. The rich text editor is its own widget.
  it('leaves no text area without its limit', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const own = new Set(['components/MaxLengthInput.tsx', 'components/RichTextEditor.tsx']);
    const bare = fs
      .readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.includes('.test.'))
      .flatMap((entry) => {
        const file = path.relative(src, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (own.has(file)) return [];
        const source = fs.readFileSync(path.join(src, file), 'utf8');
        return [...source.matchAll(/<(Input\.TextArea|TextArea)[\s/>]/g)].map(
          (m) => `${file}: ${m[1]} (line ${source.slice(0, m.index).split('\n').length})`,
        );
      });
    expect(bare).toEqual([]);
  });

  it('leaves no text box plain without its reason', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const own = new Set(['components/MaxLengthInput.tsx', 'components/PasswordInput.tsx']);
    const plain = fs
      .readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.includes('.test.'))
      .flatMap((entry) => {
        const file = path.relative(src, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (own.has(file)) return [];
        const source = fs.readFileSync(path.join(src, file), 'utf8');
        return [...source.matchAll(/<(Input|Input\.Search|Input\.Password)[\s/>]/g)].map((m) => `${file}: ${m[1]}`);
      })
      // A box with the widget's limit and hint of its own (the sign-in page's) is not plain.
      .filter((box) => !WITH_HINT.has(box));
    expect(plain.sort()).toEqual(PLAIN_TEXT_BOXES);
  });
});

describe('links to unbuilt pages', () => {
  it("shows a property's pre-registration address, copy button, QR code and flyer whatever address the browser uses", async () => {
    const { PreRegistrationCard } = await import('../features/groups/components/PreRegistrationCard');
    mockFetch({
      'GET /api/v1/group/9/preregistrationlink': {
        groupId: 9,
        code: 'OAKRIDGE',
        link: 'https://registry.example.org/reg/OAKRIDGE',
      },
    });
    renderWithProviders(<PreRegistrationCard groupId={9} />);
    expect(await screen.findByText('OAKRIDGE')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://registry.example.org/reg/OAKRIDGE' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Copy link/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Printable flyer/ })).toBeTruthy();
    expect(await screen.findByAltText('Pre-registration QR code')).toBeTruthy();
  });
});
