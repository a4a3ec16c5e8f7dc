import type { Problem } from '../api';

/** A problem+json answer as the reader needs it: what failed, why, and which fields. */
export const ProblemBanner = ({ problem }: { problem: Problem }) => (
  <div class="banner" role="alert">
    <div>
      <strong>{problem.title}</strong>
      <p>{problem.detail}</p>
      {problem.status === 403 && <p>This key or session is not allowed to do this.</p>}
      {problem.errors && problem.errors.length > 0 && (
        <ul>
          {problem.errors.map((fault) => (
            <li key={`${fault.path}:${fault.message}`}>
              <code>{fault.path}</code>: {fault.message}
            </li>
          ))}
        </ul>
      )}
      {problem.request_id && (
        <span class="banner-reference">
          Reference <code>{problem.request_id}</code>
        </span>
      )}
    </div>
  </div>
);
