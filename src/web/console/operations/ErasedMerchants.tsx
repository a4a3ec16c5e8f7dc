import { EmptyState, ErrorState, Loading } from '../../shared/components';
import { unwrap } from '../../shared/api';
import { formatCount, formatDateTime } from '../../shared/format';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';

/**
 * The merchants whose data was erased (their payloads unreadable, their history kept), the latest
 * erasure first: an operator answering an erasure request sees that it was done, and when.
 */
export const ErasedMerchants = () => {
  const { api } = useConsole();
  const erasures = useLoad(() =>
    unwrap(api.GET('/v1/admin/erasures', { params: { query: { limit: 100 } } })),
  );
  return (
    <section class="card erased-merchants" aria-labelledby="erased-merchants">
      <h2 id="erased-merchants">Erased merchants</h2>
      {erasures.state === 'loading' && <Loading label="Reading erasures…" />}
      {erasures.state === 'failed' && (
        <ErrorState problem={erasures.problem} onRetry={erasures.reload} />
      )}
      {erasures.state === 'ready' &&
        (erasures.data.data.length === 0 ? (
          <EmptyState title="No merchant was erased">
            An erasure (POST /v1/merchants/&#123;id&#125;/erase) destroys a merchant's data keys; it
            is listed here.
          </EmptyState>
        ) : (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Merchant</th>
                  <th scope="col">Erased at</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Erasures</th>
                </tr>
              </thead>
              <tbody>
                {erasures.data.data.map((erasure) => (
                  <tr key={erasure.id}>
                    <td class="mono">{erasure.merchant_id}</td>
                    <td>{formatDateTime(erasure.erased_at)}</td>
                    <td>{erasure.reason}</td>
                    <td>{formatCount(erasure.erasures)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
};
