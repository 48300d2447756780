/**
 * An email address that, when the line is too narrow, breaks after its "@" (and its dots) rather
 * than inside a word.
 */
export const EmailText = ({ email }: { email: string }) => {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  const domain = email.slice(at + 1).split('.');
  return (
    <span>
      {email.slice(0, at)}
      <wbr />@{domain.map((part, i) => (i === 0 ? part : [<wbr key={i} />, `.${part}`]))}
    </span>
  );
};
