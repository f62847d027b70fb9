import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Form, Progress, Space } from 'antd';
import { PetSpecies, WeightUnit, type Address } from '@registry/contracts';
import { AnonLayout } from '../../components/AnonLayout';
import { logout } from '../../lib/auth';
import { setToken } from '../../lib/tokenStorage';
import type { Dayjs } from 'dayjs';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { FillWithTestData } from '../../components/testMode';
import { dayjs } from '../../lib/dayjs';
import { AddressForm } from '../lookups/AddressForm';
import { passwordRule, usePasswordRules } from '../accounts/accounts.api';
import { PolicyText, PreRegDogList, type DogValues } from './PreRegDogList';
import { preRegDocumentsQuery, preRegister, propertyByCodeQuery, uploadDogPhoto, type PreRegBody } from './prereg.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string;
  unitNumber: string;
  address?: Address | null;
  hasDogs: boolean;
  otherSpecies: number[];
  otherPetSpeciesNotListed?: string;
  dogs: DogValues[];
  dogOwnerPolicyAttested?: boolean;
  otherSpeciesPolicyAttested?: boolean;
  noPetsRepresentationAttested?: boolean;
  password: string;
  confirmPassword: string;
};

const OTHER_SPECIES = [
  { value: PetSpecies.Cat, label: 'Cat' },
  { value: PetSpecies.Bird, label: 'Bird' },
  { value: PetSpecies.Rodent, label: 'Rodent' },
  { value: PetSpecies.Reptile, label: 'Reptile' },
  { value: PetSpecies.Other, label: 'Other' },
];
// Documents 1 to 4 of the documents store, in the spec's order.
const DOG_POLICY = 1;
const OTHER_POLICY = 2;
const NO_PETS = 3;
const SERVICE_AGREEMENT = 4;

const isoDate = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);
const mustBeChecked = (message: string) => ({
  validator: async (_: unknown, value: boolean | undefined) => {
    if (!value) throw new Error(message);
  },
});

/** /reg/{propertyCode}: the public pre-registration form (spec 2 §2, §4, §5). */
export function PreRegFormPage() {
  const { propertyCode } = useParams({ strict: false }) as { propertyCode: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const property = useQuery(propertyByCodeQuery(propertyCode));
  const documents = useQuery(preRegDocumentsQuery());
  const rules = usePasswordRules();
  const [form] = Form.useForm<Values>();
  const { general, onError, clear } = useFormServerErrors(form);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(0);
  const [photoProgress, setPhotoProgress] = useState<{ name: string; percent: number } | null>(null);
  const hasDogs = Form.useWatch('hasDogs', form) ?? false;
  const otherSpecies = Form.useWatch('otherSpecies', form) ?? [];
  const dogs = (Form.useWatch('dogs', form) ?? []) as DogValues[];
  const anyServiceAnimal = dogs.some((dog) => dog?.isServiceAnimal);
  const hasOtherPets = otherSpecies.length > 0;
  const doc = (id: number) => documents.data?.find((d) => d.documentId === id);

  // A missing, unknown or inactive property's code sends the visitor back to the code entry with a message.
  useEffect(() => {
    if (property.isError) void navigate({ to: '/reg', search: { invalidCode: propertyCode }, replace: true });
  }, [property.isError, navigate, propertyCode]);

  const submit = async (values: Values) => {
    if (!property.data) return;
    clear();
    setSaving(true);
    setTried(0);
    const species = (values.hasDogs ? PetSpecies.Dog : 0) | values.otherSpecies.reduce((all, flag) => all | flag, 0);
    const agreed = [
      values.hasDogs && doc(DOG_POLICY),
      hasOtherPets && doc(OTHER_POLICY),
      !values.hasDogs && !hasOtherPets && doc(NO_PETS),
      anyServiceAnimal && doc(SERVICE_AGREEMENT),
    ].flatMap((d) => (d ? [d.versionId] : []));
    const body: PreRegBody = {
      groupId: property.data.groupId,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneNumber: values.phoneNumber,
      unitNumber: values.unitNumber,
      address: values.address ?? null,
      hasDogs: values.hasDogs,
      hasOtherPets,
      petSpecies: species === 0 ? PetSpecies.None : species,
      otherPetSpeciesNotListed: values.otherPetSpeciesNotListed,
      preRegisteredDogs: values.hasDogs
        ? values.dogs.map((dog) => ({
            name: dog.name,
            breed: dog.breed,
            weight: dog.weight ?? null,
            weightUnit: dog.weightUnit,
            isServiceAnimal: !!dog.isServiceAnimal,
            serviceAnimalRepresentationAttested: !!dog.serviceAnimalRepresentationAttested,
            dateOfBirth: isoDate(dog.dateOfBirth),
            adoptionDate: isoDate(dog.adoptionDate),
          }))
        : [],
      agreedDocumentVersionIds: agreed,
      dogOwnerPolicyAttested: !!values.dogOwnerPolicyAttested,
      otherSpeciesPolicyAttested: !!values.otherSpeciesPolicyAttested,
      noPetsRepresentationAttested: !!values.noPetsRepresentationAttested,
      password: values.password,
      confirmPassword: values.confirmPassword,
    };
    try {
      // Whoever was signed in on this browser is signed out first; the new resident is signed in with the answer.
      await logout(queryClient, () => undefined);
      const answer = await preRegister(body, setTried);
      setToken(answer.token, false);
      queryClient.clear();
      // Photos go up once the resident exists and is signed in, each with its progress.
      const created = answer.preRegResident.dogs;
      for (const [index, dog] of (values.hasDogs ? values.dogs : []).entries()) {
        const file = dog.photo?.[0]?.originFileObj;
        if (!file || !created[index]) continue;
        setPhotoProgress({ name: dog.name, percent: 0 });
        await uploadDogPhoto(answer.preRegResident.id, created[index].id, file, (percent) =>
          setPhotoProgress({ name: dog.name, percent }),
        );
      }
      setPhotoProgress(null);
      if (values.hasDogs && property.data.hasAncestry)
        await navigate({
          to: '/shop/offers',
          search: { propertyCode: property.data.propertyCode, uid: answer.userName },
        });
      else
        await navigate({
          to: '/reg/success',
          search: { propertyCode: property.data.propertyCode, uid: answer.userName, hasDogs: values.hasDogs },
        });
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AnonLayout title={property.data ? `Pre-register at ${property.data.name}` : 'Pre-register your pets'}>
      <div className="prereg-form">
        <ErrorPresenter error={documents.error} />
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={saving || !property.data}
          initialValues={{ hasDogs: false, otherSpecies: [], dogs: [] }}
          onFinish={(values) => void submit(values)}
          scrollToFirstError
        >
          <FillWithTestData
            form={form}
            values={(fake) => {
              const { firstName, lastName, email, phoneNumber } = fake.person();
              const password = `Tm#${fake.dog().sampleNumber.slice(2)}${firstName.slice(0, 3).toLowerCase()}Q`;
              const dogs = [fake.dog(), fake.dog()].map((dog) => ({
                name: dog.name,
                breed: dog.breed,
                weight: dog.weight,
                weightUnit: WeightUnit.Pounds,
                dateOfBirth: dayjs(dog.dateOfBirth, 'YYYY-MM-DD'),
                adoptionDate: dayjs(dog.adoptionDate, 'YYYY-MM-DD'),
              }));
              return {
                firstName,
                lastName,
                email,
                phoneNumber,
                unitNumber: String(100 + ((dogs[0].name.length * 37) % 900)),
                address: fake.address(),
                hasDogs: true,
                dogs,
                otherSpecies: [],
                dogOwnerPolicyAttested: true,
                password,
                confirmPassword: password,
              };
            }}
          />
          <Divider titlePlacement="start">Your details</Divider>
          <Space wrap style={{ width: '100%' }} styles={{ item: { minWidth: 220, flex: 1 } }}>
            <Form.Item
              name="firstName"
              label="First name"
              rules={[{ required: true, message: 'First name is required.' }]}
            >
              <MaxLengthInput maxLength={100} autoComplete="given-name" />
            </Form.Item>
            <Form.Item
              name="lastName"
              label="Last name"
              rules={[{ required: true, message: 'Last name is required.' }]}
            >
              <MaxLengthInput maxLength={100} autoComplete="family-name" />
            </Form.Item>
          </Space>
          <Space wrap style={{ width: '100%' }} styles={{ item: { minWidth: 220, flex: 1 } }}>
            <Form.Item
              name="email"
              label="Email"
              rules={[
                { required: true, message: 'Email is required.' },
                { type: 'email', message: 'Invalid email address.' },
              ]}
            >
              <MaxLengthInput maxLength={256} autoComplete="email" />
            </Form.Item>
            <Form.Item name="phoneNumber" label="Phone">
              <MaxLengthInput maxLength={30} autoComplete="tel" />
            </Form.Item>
            <Form.Item
              name="unitNumber"
              label="Unit number"
              rules={[{ required: true, message: 'Unit number is required.' }]}
            >
              <MaxLengthInput maxLength={30} />
            </Form.Item>
          </Space>

          <Divider titlePlacement="start">Your address</Divider>
          <AddressForm name="address" defaultCountry="US" labels={{ addressLine1: 'Street address' }} />

          <Divider titlePlacement="start">Your pets</Divider>
          <Form.Item name="hasDogs" valuePropName="checked">
            <Checkbox
              onChange={(e) => {
                if (e.target.checked && form.getFieldValue('dogs').length === 0)
                  form.setFieldValue('dogs', [{ name: '', weightUnit: WeightUnit.Pounds }]);
              }}
            >
              I have one or more dogs
            </Checkbox>
          </Form.Item>
          {hasDogs && <PreRegDogList dogs={dogs} serviceAgreement={doc(SERVICE_AGREEMENT)} />}
          <Form.Item name="otherSpecies" label="Other pets in your unit">
            <Checkbox.Group options={OTHER_SPECIES} />
          </Form.Item>
          {otherSpecies.includes(PetSpecies.Other) && (
            <Form.Item name="otherPetSpeciesNotListed" label="Which other species?">
              <MaxLengthInput maxLength={200} />
            </Form.Item>
          )}

          <Divider titlePlacement="start">Declarations</Divider>
          {hasDogs && (
            <>
              <PolicyText document={doc(DOG_POLICY)} />
              <Form.Item
                name="dogOwnerPolicyAttested"
                valuePropName="checked"
                rules={[mustBeChecked('Please agree to the dog owner policy.')]}
              >
                <Checkbox>I agree to the dog owner policy</Checkbox>
              </Form.Item>
            </>
          )}
          {hasOtherPets && (
            <>
              <PolicyText document={doc(OTHER_POLICY)} />
              <Form.Item
                name="otherSpeciesPolicyAttested"
                valuePropName="checked"
                rules={[mustBeChecked('Please agree to the other species policy.')]}
              >
                <Checkbox>I agree to the other species policy</Checkbox>
              </Form.Item>
            </>
          )}
          {!hasDogs && !hasOtherPets && (
            <>
              <PolicyText document={doc(NO_PETS)} />
              <Form.Item
                name="noPetsRepresentationAttested"
                valuePropName="checked"
                rules={[mustBeChecked('Please agree to the no-pets representation.')]}
              >
                <Checkbox>I represent that no pets live in my unit</Checkbox>
              </Form.Item>
            </>
          )}

          <Divider titlePlacement="start">Your sign-in</Divider>
          <Space wrap style={{ width: '100%' }} styles={{ item: { minWidth: 220, flex: 1 } }}>
            <Form.Item
              name="password"
              label="Password"
              rules={[{ required: true, message: 'Please enter a password.' }, passwordRule(rules)]}
            >
              <MaxLengthInput kind="password" autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label="Confirm password"
              dependencies={['password']}
              rules={[
                { required: true, message: 'Please confirm the password.' },
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value: string | undefined) => {
                    if (value && value !== getFieldValue('password')) throw new Error('The passwords do not match.');
                  },
                }),
              ]}
            >
              <MaxLengthInput kind="password" autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </Space>
          <ErrorPresenter error={general} />
          {photoProgress && (
            <Alert
              type="info"
              style={{ marginBottom: 12 }}
              message={`Uploading the photo of ${photoProgress.name}…`}
              description={<Progress percent={photoProgress.percent} size="small" aria-label="Photo upload progress" />}
            />
          )}
          {saving && !photoProgress && (
            <Alert
              type="info"
              style={{ marginBottom: 12 }}
              message="Checking that you are not a robot and saving your registration…"
              description={<Progress percent={Math.min(95, Math.round((tried / 65536) * 100))} size="small" />}
            />
          )}
          <Button type="primary" htmlType="submit" block loading={saving}>
            Register
          </Button>
        </Form>
      </div>
    </AnonLayout>
  );
}
