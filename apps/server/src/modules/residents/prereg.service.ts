// The public pre-registration flow (anonymous): the property by its code, the policy documents to agree to, the
// bot-check challenge, and the pre-registration itself, which creates the resident with a RES… sign-in and signs
// them in. Nothing is created unless the bot check passes.
import type { z } from 'zod';
import { GroupTypes, PetSpecies, UserRole, type preRegResidentRequest } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { assertBotCheck, issueChallenge } from '../../platform/bot-check.ts';
import { withTransaction, type RequestContext } from '../../platform/context.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { issueSession } from '../../platform/session.ts';
import { usersByEmail } from '../accounts/accounts.service.ts';
import { forgotPassword } from '../accounts/passwords.service.ts';
import { featureNamesOfGroup } from '../accounts/settings.service.ts';
import { currentDocumentVersions } from '../system/documents.service.ts';
import * as q from './residents.queries.ts';
import { getResident, getResidentDetails } from './residents.service.ts';
import { sendEventMail } from '../emailtemplates/email-events.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

/** Documents 1 to 4 of the documents store, by the spec's order. */
const PRE_REGISTRATION_DOCUMENTS = {
  dogOwnerPolicy: 1,
  otherSpeciesPolicy: 2,
  noPetsRepresentation: 3,
  serviceAnimalAgreement: 4,
} as const;

/**
 * An email that already has an account: nothing is created and nobody is signed in; its holder gets the forgot-password
 * mail (a reset link), and the form says no more than the forgot-password page does.
 */
export const EMAIL_HAS_ACCOUNT =
  'This email cannot be used for a new account. If it is yours, we have emailed it a link to sign in and reset your password.';

const INVALID_PROPERTY_CODE = 'The pre-registration code is not valid. Please check it and try again.';

export async function propertyByCode(ctx: RequestContext, code: string) {
  const property = await q.activePropertyByCode(ctx.db, code);
  if (!property) throw notFound(INVALID_PROPERTY_CODE);
  const features = await featureNamesOfGroup(ctx.db, property.id);
  return {
    groupId: property.id,
    name: property.name,
    propertyCode: property.propertyPreRegisterCode!,
    hasAncestry: features.includes('Ancestry'),
  };
}

export const documents = (ctx: RequestContext) =>
  currentDocumentVersions(ctx.db, Object.values(PRE_REGISTRATION_DOCUMENTS));

export const botCheckChallenge = (ctx: RequestContext) => issueChallenge(ctx.config);

/** Which documents the form must have agreed to, by what it declares. */
function requiredDocuments(body: z.output<typeof preRegResidentRequest>): number[] {
  const required: number[] = [];
  if (body.hasDogs) required.push(PRE_REGISTRATION_DOCUMENTS.dogOwnerPolicy);
  if (body.hasOtherPets) required.push(PRE_REGISTRATION_DOCUMENTS.otherSpeciesPolicy);
  if (!body.hasDogs && !body.hasOtherPets) required.push(PRE_REGISTRATION_DOCUMENTS.noPetsRepresentation);
  if (body.preRegisteredDogs.some((dog) => dog.isServiceAnimal))
    required.push(PRE_REGISTRATION_DOCUMENTS.serviceAnimalAgreement);
  return required;
}

export async function preRegister(
  ctx: RequestContext,
  botCheckHeader: string | undefined,
  body: z.output<typeof preRegResidentRequest>,
) {
  const passwordHash = await hashPassword(body.password);
  const created = await withTransaction(ctx, async (tx, txCtx) => {
    await assertBotCheck(tx, ctx.config, botCheckHeader);
    // One account per email (the bot-check proof is spent either way, so the mail below cannot be sent in bulk).
    if ((await usersByEmail({ db: tx }, body.email)).length) return null;
    const property = await q.findGroup(tx, body.groupId);
    if (
      !property ||
      property.groupType !== GroupTypes.Property ||
      !property.isActive ||
      !property.propertyPreRegisterCode
    )
      throw validationError({ groupId: [INVALID_PROPERTY_CODE] });
    // The versions agreed must be current versions of the documents this form requires.
    const current = await currentDocumentVersions(tx, Object.values(PRE_REGISTRATION_DOCUMENTS));
    const agreed = new Set(body.agreedDocumentVersionIds);
    const missing = requiredDocuments(body).filter(
      (documentId) => !current.some((doc) => doc.documentId === documentId && agreed.has(doc.versionId)),
    );
    if (missing.length)
      throw validationError({
        agreedDocumentVersionIds: missing.map((id) => {
          const name = current.find((doc) => doc.documentId === id)?.name ?? `document ${id}`;
          return `Please agree to the ${name}.`;
        }),
      });
    const user = await q.insertResidentUser(tx, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phoneNumber: body.phoneNumber,
      passwordHash,
    });
    const species = body.hasDogs ? body.petSpecies | PetSpecies.Dog : body.petSpecies & ~PetSpecies.Dog;
    const resident = await q.insertResident(tx, {
      groupId: property.id,
      userId: user.id,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phoneNumber: body.phoneNumber,
      unitNumber: body.unitNumber,
      address: body.address ?? null,
      hasDogs: body.hasDogs,
      hasOtherPets: body.hasOtherPets,
      petSpecies: species === 0 ? PetSpecies.None : species,
      otherPetSpeciesNotListed: body.otherPetSpeciesNotListed,
      dogOwnerPolicyAttested: body.dogOwnerPolicyAttested,
      otherSpeciesPolicyAttested: body.otherSpeciesPolicyAttested,
      noPetsRepresentationAttested: body.noPetsRepresentationAttested,
      agreedDocumentVersionIds: [...agreed],
    });
    const dogs = await q.insertDogs(
      tx,
      (body.hasDogs ? body.preRegisteredDogs : []).map((dog) => ({
        ...dog,
        residentId: resident.id,
        weight: dog.weight == null ? null : String(dog.weight),
      })),
    );
    const session = await issueSession(tx, {
      userId: user.id,
      isPersistent: false,
      lifetimeSeconds: ctx.config.tokenLifetimeHours * 3600,
    });
    await writeAudit(tx, ctx, {
      entityType: 'PreRegisteredResident',
      entityId: resident.id,
      actionType: 'PreRegister',
      after: { ...resident, userName: user.userName, dogIds: dogs.map((dog) => dog.id) },
    });
    await emitWebhookEvent(txCtx, {
      event: 'resident.preregistered',
      groupId: property.id,
      resourceId: resident.id,
      view: (viewer) => getResidentDetails(viewer, resident.id),
    });
    // The resident's account was created: their welcome letter (dog owner or not), once this commits.
    await sendEventMail(txCtx, body.hasDogs ? 'ResidentNewAccount' : 'ResidentNewNonDogOwnerAccount', {
      to: body.email,
      values: {
        recipientName: `${body.firstName} ${body.lastName}`,
        userName: user.userName,
        groupName: property.name,
        link: `${ctx.config.baseUrl}/login`,
      },
    });
    return { residentId: resident.id, session, userName: user.userName, userId: user.id };
  });
  if (!created) {
    await forgotPassword(ctx, { email: body.email });
    throw validationError({ email: [EMAIL_HAS_ACCOUNT] });
  }
  const { residentId, session, userName, userId } = created;
  // The new resident reads their own record, as they will with the token.
  const caller = {
    userId,
    userName,
    fullName: `${body.firstName} ${body.lastName}`,
    roleId: UserRole.PetOwner,
    sessionId: session.sessionId,
    isProviderStaff: false,
    isAdmin: false,
    isPetOwner: false,
    isResident: true,
    impersonatedByUserId: null,
  };
  const preRegResident = await getResident({ ...ctx, caller }, residentId);
  return { token: session.token, userName, preRegResident };
}
