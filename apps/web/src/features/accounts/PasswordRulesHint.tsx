import type { PasswordRules } from '@registry/contracts';

/** Lists the server's password rules, each tagged with the spec's validator name. */
export function PasswordRulesHint({ rules }: { rules: PasswordRules }) {
  const items: { validator: string; text: string }[] = [
    { validator: 'minLength', text: `At least ${rules.requiredLength} characters` },
  ];
  if (rules.requireUppercase) items.push({ validator: 'uppercase', text: 'An uppercase letter' });
  if (rules.requireLowercase) items.push({ validator: 'lowercase', text: 'A lowercase letter' });
  if (rules.requireDigit) items.push({ validator: 'number', text: 'A digit' });
  if (rules.requireNonLetterOrDigit)
    items.push({ validator: 'special', text: 'A character that is not a letter or digit' });
  return (
    <ul style={{ margin: '4px 0 0', paddingLeft: 18, fontSize: 12 }} aria-label="Password rules">
      {items.map((i) => (
        <li key={i.validator} data-validator={i.validator}>
          {i.text}
        </li>
      ))}
    </ul>
  );
}
