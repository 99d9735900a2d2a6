/**
 * The conditional display rules of the contract forms (001 section 4), shared by the form (which
 * hides the field) and the server (which neither requires nor keeps a hidden field): attic area
 * with an attic; garage attribute with a garage, then its address (usage right, 1) or certificate;
 * household move-out date with a household register; school usable date with a school place; the
 * mortgage details with a mortgage; rent fields only when haveRent is not 0 or 1; loan fields only
 * when paymentMethod is not 0 or 1; the decoration and other-terms texts with their switches.
 */
type Groups = Record<string, Record<string, unknown> | undefined>;

/** haveRent and paymentMethod: 0 (not chosen) and 1 (none / full payment) hide the dependent fields. */
function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 0 || value === 1;
}

export function isFieldShown(path: string, content: Groups): boolean {
  const property = content['property'] ?? {};
  const ownership = content['ownership'] ?? {};
  const transaction = content['transaction'] ?? {};
  const rental = content['rental'] ?? {};
  const terms = content['supplementaryTerms'] ?? {};
  switch (path) {
    case 'property.atticArea':
      return property['atticHave'] === 1;
    case 'property.garageAttribute':
      return property['garageHave'] === 1;
    case 'property.garageAddress':
      return property['garageHave'] === 1 && property['garageAttribute'] === 1;
    case 'property.garageCertificate':
      return property['garageHave'] === 1 && property['garageAttribute'] === 2;
    case 'ownership.moveOutDate':
      return ownership['householdRegister'] === 1;
    case 'ownership.schoolDistrictUsageTime':
      return ownership['schoolDistrict'] === 1;
    case 'ownership.mortgageBank':
    case 'ownership.mortgageAmount':
    case 'ownership.loanBalance':
    case 'ownership.repaymentMethodOption':
    case 'ownership.repaymentDate':
    case 'ownership.relieveMortgageDate':
      return ownership['mortgage'] === 1;
    case 'ownership.monthlyRent':
      return !isUnset(ownership['haveRent']);
    case 'rental.depositRent':
    case 'rental.rentExpire':
    case 'rental.monthlyRent':
      return !('haveRent' in rental) || !isUnset(rental['haveRent']);
    case 'transaction.loanAmount':
    case 'transaction.loanDispute':
    case 'transaction.loanServiceFee':
      return !isUnset(transaction['paymentMethod']);
    case 'supplementaryTerms.otherTermsFixedTwoContent':
      return terms['otherTermsFixedTwo'] === 1;
    case 'supplementaryTerms.otherTermsContent':
      return !('otherTerms' in terms) || terms['otherTerms'] === 1;
    default:
      return true;
  }
}
