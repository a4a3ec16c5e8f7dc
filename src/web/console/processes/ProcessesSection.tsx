import { PlannedPage } from '../PlannedPage';

export const ProcessesSection = ({ route }: { route: string }) => (
  <PlannedPage
    title="Processes"
    what={`Process definitions and their instances, each as its step graph. (${route})`}
  />
);
