import { MerchantList } from './operations/MerchantList';
import { MerchantPage } from './operations/MerchantPage';

/** `merchants` lists every merchant; `merchants/<id>` is one merchant's page. */
export const MerchantsPage = ({ route }: { route: string }) => {
  const merchantId = route.split('/')[1];
  return merchantId ? (
    <MerchantPage key={merchantId} merchantId={decodeURIComponent(merchantId)} />
  ) : (
    <MerchantList />
  );
};
