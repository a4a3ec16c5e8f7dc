import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Problem } from '../shared/api';
import { asProblem, createApi, unwrap } from '../shared/api';
import { Button, Centered, ProblemBanner, TextField } from '../shared/components';
import './signIn.css';

/**
 * Signing in: the key is tried on a read every operator may make; the API's problem (an unknown
 * key, a merchant's key) is shown as it says it.
 */
export const SignIn = ({
  onSignedIn,
  themeToggle,
}: {
  onSignedIn: (key: string) => void;
  themeToggle: ComponentChildren;
}) => {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const candidate = key.trim();
      await unwrap(createApi({ token: () => candidate }).GET('/v1/admin/projections'));
      onSignedIn(candidate);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };

  return (
    <Centered>
      <div class="sign-in-top">
        <div class="brand">
          <span class="brand-mark" aria-hidden="true">
            S
          </span>
          Sluice <span class="brand-product">Console</span>
        </div>
        {themeToggle}
      </div>
      <h1>Sign in</h1>
      <p>Use an admin or auditor API key. It stays in this tab and is forgotten when it closes.</p>
      {problem && <ProblemBanner problem={problem} />}
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label="API key"
          type="password"
          name="key"
          autoComplete="off"
          spellcheck={false}
          required
          value={key}
          onValue={setKey}
          placeholder="sk_…"
        />
        <Button type="submit" variant="primary" block busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </Centered>
  );
};
