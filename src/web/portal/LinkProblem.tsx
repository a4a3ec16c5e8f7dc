import type { Problem } from '../shared/api';
import { Centered, ProblemBanner } from '../shared/components';

type Why = { name: 'link-failed'; problem: Problem } | { name: 'ended' } | { name: 'no-link' };

const ASK_AGAIN = 'Go back to the platform you came from and open the webhooks portal again.';

const explain = (why: Why) => {
  if (why.name === 'ended')
    return { title: 'Your session has ended', text: `Sessions last a limited time. ${ASK_AGAIN}` };
  if (why.name === 'no-link')
    return {
      title: 'Open the portal from your platform',
      text: 'This page opens from a personal link your platform gives you; it cannot be bookmarked.',
    };
  if (why.problem.status === 401)
    return {
      title: 'This link was already used or has expired',
      text: `Each portal link opens once and only for a short time. ${ASK_AGAIN}`,
    };
  return { title: 'The portal could not be opened', text: ASK_AGAIN };
};

/** Why the portal cannot show the merchant's pages, and what to do about it. */
export const LinkProblem = ({ stage }: { stage: Why }) => {
  const { title, text } = explain(stage);
  return (
    <Centered>
      <div class="centered-message">
        <div class="state-icon state-icon-danger" aria-hidden="true">
          !
        </div>
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
      {stage.name === 'link-failed' && stage.problem.status !== 401 && (
        <ProblemBanner problem={stage.problem} />
      )}
    </Centered>
  );
};
