// The built-in template of every email event: what is sent until staff edit the event's template in
// /system/emailtemplates. Bodies are HTML with {{placeholders}} (EVENT_PLACEHOLDERS in contracts); values are escaped
// when filled in.
import type { EmailEvent } from '@registry/contracts';

export type TemplateText = { subject: string; body: string };

/** The branded layout every default shares: a heading, a greeting, paragraphs and an optional link button. */
function layout(parts: { paragraphs: string[]; link?: string; greeting?: string }): string {
  const paragraphs = parts.paragraphs.map((p) => `<p>${p}</p>`).join('');
  const link = parts.link ? `<p><a href="{{link}}">${parts.link}</a></p>` : '';
  return (
    '<div style="font-family:Helvetica,Arial,sans-serif"><h2>{{brandName}}</h2>' +
    `<p>${parts.greeting ?? 'Hello {{recipientName}},'}</p>${paragraphs}${link}</div>`
  );
}

const SIGN_IN_CHANGE = 'Please sign in and change your password under Manage account.';
const newAccount = (intro: string): TemplateText => ({
  subject: 'Welcome to {{brandName}}',
  body: layout({
    paragraphs: [`${intro} Your user name is {{userName}} and your password is: {{password}}`, SIGN_IN_CHANGE],
    link: 'Sign in',
  }),
});
// {{details}} is the letter's account of the result (modules/wasteresults/result-letters.service.ts: the dog, APA,
// move-out, the statistic in words), so an edited template keeps the facts and changes the words around them.
const resultLetter = (result: string, extra: string[] = []): TemplateText => ({
  subject: `DNA match result for {{sampleNumber}}: ${result}`,
  body: layout({
    paragraphs: ['{{details}}', ...extra],
    link: 'View the result and its certificate',
  }),
});

export const DEFAULT_TEMPLATES: Record<EmailEvent, TemplateText> = {
  UserWelcome: newAccount('{{groupName}} registered you as a pet owner.'),
  ParentageNewUser: newAccount('An account was created for you to follow the parentage testing of your dogs.'),
  AdminGenericNewAdmin: newAccount('An administrator account was created for you{{groupClause}}.'),
  AdminPooPrintsNewAdmin: {
    subject: 'Welcome to {{brandName}} PooPrints',
    body: layout({
      paragraphs: [
        'An administrator account was created for you{{groupClause}}. Your user name is {{userName}} and your password is: {{password}}',
        SIGN_IN_CHANGE,
        'Your community uses PooPrints: please fill in the PooPrints program form (property details, the ' +
          'designated office contact and the waste station locations) from the group page after signing in.',
      ],
      link: 'Sign in',
    }),
  },
  ResidentNewAccount: {
    subject: 'Welcome to {{brandName}}: your registration at {{groupName}}',
    body: layout({
      paragraphs: [
        'Thank you for registering your dogs at {{groupName}}. Your user name is {{userName}}; sign in with the password you chose.',
        'The office of {{groupName}} will review your registration; your dogs are registered once it is approved.',
      ],
      link: 'Sign in',
    }),
  },
  ResidentNewNonDogOwnerAccount: {
    subject: 'Welcome to {{brandName}}: your registration at {{groupName}}',
    body: layout({
      paragraphs: [
        'Thank you for registering at {{groupName}} as a resident without a dog. Your user name is {{userName}}; sign in with the password you chose.',
        'If you get a dog later, sign in and add it to your registration.',
      ],
      link: 'Sign in',
    }),
  },
  ResidentApproved: {
    subject: 'Your pet registration is approved',
    body: layout({
      paragraphs: [
        '{{groupName}} approved your registration and your dogs are now registered.',
        'Sign in with the user name {{userName}} and {{passwordHint}}.{{residentNumberNote}}',
      ],
      link: 'Sign in',
    }),
  },
  // The rent-roll sync's invitation (issue 42): a resident on the property's roll who has not pre-registered yet.
  ResidentPreRegistrationInvite: {
    subject: '{{groupName}}: please pre-register your pets',
    body: layout({
      paragraphs: [
        '{{groupName}} runs a pet DNA program for its residents, and our records show you live in unit {{unit}}.',
        'Please pre-register with the link below: tell us about your dogs and other pets, or that you have none.',
      ],
      link: 'Pre-register',
    }),
  },
  UserMoveOut: {
    subject: '{{brandName}}: moved out',
    body: layout({
      paragraphs: [
        'You are no longer registered at {{groupName}}.',
        'Your dogs stay registered with your account; a new property can add you with your user name.',
      ],
    }),
  },
  UserPasswordReset: {
    subject: '{{subjectLine}}',
    body:
      '<div style="font-family:Helvetica,Arial,sans-serif"><h2>{{brandName}}</h2><p>Hello {{recipientName}},</p>' +
      '<p>{{instructions}}</p><p>{{followUp}}</p><p><a href="{{link}}">{{linkLabel}}</a></p></div>',
  },
  UserEmailChange: {
    subject: '{{brandName}}: confirm your new email address',
    body: layout({
      paragraphs: [
        'You asked to use this address for the account {{userName}}.',
        'Open the link below within 24 hours to confirm it. Until then your previous address stays in use.',
      ],
      link: 'Confirm your email address',
    }),
  },
  DNASampleReceived: {
    subject: 'The lab received the DNA sample of {{petName}}',
    body: layout({
      paragraphs: [
        'The lab received the DNA sample of {{petName}} (sample {{sampleNumber}}).',
        'We will write again when the DNA profile is complete.',
      ],
      link: 'See your dogs',
    }),
  },
  DNAProcessingComplete: {
    subject: 'The DNA profile of {{petName}} is complete',
    body: layout({
      paragraphs: [
        'The lab completed the DNA profile of {{petName}} (sample {{sampleNumber}}); {{petName}} is now in the DNA registry.',
      ],
      link: 'See your dogs',
    }),
  },
  ReswabRequestedToCustomer: {
    subject: 'A new DNA swab is needed for {{petName}}',
    body: layout({
      paragraphs: [
        'The lab could not complete a DNA profile from the sample of {{petName}} (sample {{sampleNumber}}).',
        '{{reason}}',
      ],
    }),
  },
  ReswabRequested: {
    subject: 'Reswab requested: {{sampleNumber}}',
    body: layout({
      paragraphs: [
        'The lab asked for a new swab of {{petName}} (sample {{sampleNumber}}), the dog of {{ownerName}} at {{groupName}}.',
        '{{reason}}',
      ],
      link: 'Open the pet',
    }),
  },
  DNAVerificationTestRequested: {
    subject: 'A verification swab is needed for {{petName}}',
    body: layout({
      paragraphs: [
        'A DNA verification test was requested for {{petName}} (sample {{sampleNumber}}).',
        'Please take a second cheek swab with the kit you receive, label it with the sample number {{sampleNumber}} ' +
          'and send it to the lab. Once the second profile agrees with the first, the DNA verification certificate ' +
          'can be downloaded from the dog’s page.',
      ],
      link: 'See your dogs',
    }),
  },
  ParentageDNASampleReceived: {
    subject: 'Parentage: the lab received the DNA sample of {{petName}}',
    body: layout({
      paragraphs: ['The lab received the DNA sample of {{petName}} (sample {{sampleNumber}}) for parentage testing.'],
      link: 'See your dogs',
    }),
  },
  ParentageProcessingSecondSwab: {
    subject: 'Parentage: processing the second swab of {{petName}}',
    body: layout({
      paragraphs: ['The lab is processing the second swab of {{petName}} (sample {{sampleNumber}}).'],
      link: 'See your dogs',
    }),
  },
  ParentageReswabRequested: {
    subject: 'Parentage: a new DNA swab is needed for {{petName}}',
    body: layout({
      paragraphs: [
        'The lab could not complete a DNA profile from the sample of {{petName}} (sample {{sampleNumber}}).',
        '{{reason}}',
      ],
    }),
  },
  ParentageDNAProcessingComplete: {
    subject: 'Parentage: the DNA profile of {{petName}} is complete',
    body: layout({
      paragraphs: [
        'The lab completed the DNA profile of {{petName}} (sample {{sampleNumber}}); it can now be used in parentage tests.',
      ],
      link: 'See your dogs',
    }),
  },
  Match: resultLetter('Match'),
  NoMatch: resultLetter('No Match'),
  NonCanine: resultLetter('Non-Canine'),
  Fail: resultLetter('Fail'),
  NoMatchToMatch: resultLetter('Now a Match', [
    'A rerun found a match where there was none before: the registered dog {{petName}} of {{ownerName}}.',
  ]),
  AdminPetOwnerMoveOut: {
    subject: '{{ownerName}} moved out of {{groupName}}',
    body: layout({
      greeting: 'Hello,',
      paragraphs: ['{{ownerName}} is no longer registered at {{groupName}} (moved out {{moveOutDate}}).'],
      link: 'Open the group',
    }),
  },
  AdminPetSampleRejectedPropertyNotice: {
    subject: 'Pet sample rejected: {{sampleNumber}}',
    body: layout({
      paragraphs: [
        'The lab rejected the DNA sample {{sampleNumber}} of {{petName}}, the dog of {{ownerName}} at {{groupName}}.',
        'Reason: {{reason}}',
      ],
      link: 'Open the pet',
    }),
  },
  AdminInventoryBelowThresholdAlert: {
    subject: '{{groupName}}: barcode inventory below threshold',
    body: layout({ paragraphs: ['The barcode inventory of {{groupName}} is below its threshold.', '{{details}}'] }),
  },
  UserAncestryOrderConfirmation: {
    subject: 'Your ancestry DNA order {{orderNumber}}',
    body: layout({
      paragraphs: [
        'Thank you for your order {{orderNumber}}.',
        '{{items}}',
        'Your ancestry kit will be prepared by our lab from your dog’s DNA sample.',
      ],
      link: 'See your order',
    }),
  },
  UserOrderConfirmation: {
    subject: 'Your order {{orderNumber}}',
    body: layout({ paragraphs: ['Thank you for your order {{orderNumber}}.', '{{items}}'], link: 'See your order' }),
  },
  GroupRequested: {
    subject: 'New {{groupType}}: {{groupName}}',
    body: layout({
      greeting: 'Hello,',
      paragraphs: ["{{requestedBy}} added the {{groupType}} '{{groupName}}'."],
      link: 'Open the group',
    }),
  },
  // Violation notices (issue 41): {{details}} carries the facts (amount, dates, the evidence's verification address).
  ViolationNoticeIssued: {
    subject: 'Violation notice {{reference}} from {{groupName}}',
    body: layout({
      paragraphs: [
        'A DNA match result names your dog {{petName}} for the waste sample {{sampleNumber}} collected at {{groupName}}.',
        'The fine is {{amount}}.',
        '{{details}}',
        'You may pay it or dispute it from your notices page.',
      ],
      link: 'See the notice and its evidence',
    }),
  },
  ViolationNoticeUpdate: {
    subject: 'Violation notice {{reference}}: {{subjectLine}}',
    body: layout({ paragraphs: ['{{details}}'], link: 'See the notice' }),
  },
  ViolationNoticeReminder: {
    subject: 'Reminder: violation notice {{reference}} is due on {{dueDate}}',
    body: layout({ paragraphs: ['{{details}}'], link: 'See the notice' }),
  },
};
