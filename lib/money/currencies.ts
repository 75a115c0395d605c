// ISO 4217 minor units (decimal places) of active currency codes. Codes outside ISO 4217, and the
// ISO codes without a minor unit (precious metals, XDR, test codes), use MINOR_UNITS_OTHER.
const ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const THREE = "BHD IQD JOD KWD LYD OMR TND";
const FOUR = "CLF UYW";
const TWO =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
  "CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS " +
  "GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL " +
  "MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK " +
  "PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS " +
  "TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG";

export const MINOR_UNITS_OTHER = 8;

/** The ISO 4217 codes by their minor units: for SQL that must round as minorUnits() does. */
export const CODES_BY_MINOR_UNITS: readonly (readonly [units: number, codes: readonly string[]])[] = (
  [
    [0, ZERO],
    [2, TWO],
    [3, THREE],
    [4, FOUR],
  ] as const
).map(([units, codes]) => [units, codes.split(" ")] as const);

const MINOR_UNITS = new Map<string, number>(CODES_BY_MINOR_UNITS.flatMap(([units, codes]) => codes.map((code) => [code, units] as const)));

/** Decimal places an amount in this currency may carry: its ISO 4217 minor units, or 8 for other codes. */
export function minorUnits(currency: string): number {
  return MINOR_UNITS.get(currency) ?? MINOR_UNITS_OTHER;
}
