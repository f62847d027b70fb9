import type { AdminUpdateRequest, AdminView } from '@registry/contracts';
import { addressFormValues } from '../../lookups/AddressForm';

/** The full update body for an admin as it stands; PUT replaces every field. */
export function toUpdateRequest(admin: AdminView): AdminUpdateRequest {
  return {
    adminId: admin.id,
    firstName: admin.firstName ?? '',
    lastName: admin.lastName ?? '',
    userName: admin.userName,
    email: admin.email ?? '',
    phoneNumber: admin.phoneNumber,
    companyName: admin.companyName,
    roleId: admin.roleId,
    receiveEmails: admin.receiveEmails,
    address: admin.address ? addressFormValues(admin.address) : null,
    adminNotes: admin.adminNotes,
    bioPetNotes: admin.bioPetNotes,
    isActive: admin.isActive,
  };
}
