import { EmptyState, PageHeader } from '../shared/components';

/** A section of the console whose page is not part of this release. */
export const PlannedPage = ({ title, what }: { title: string; what: string }) => (
  <>
    <PageHeader title={title} />
    <div class="card">
      <EmptyState title={`${title} is not available in this version`}>{what}</EmptyState>
    </div>
  </>
);
