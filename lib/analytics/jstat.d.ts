// The part of jStat (npm `jstat`, which ships no types) the results use.
declare module "jstat" {
  export const jStat: {
    normal: { inv(p: number, mean: number, sd: number): number };
    beta: {
      inv(p: number, alpha: number, beta: number): number;
      pdf(x: number, alpha: number, beta: number): number;
      cdf(x: number, alpha: number, beta: number): number;
    };
    chisquare: { cdf(x: number, degreesOfFreedom: number): number };
    /** The natural logarithm of the beta function B(a, b). */
    betaln(a: number, b: number): number;
  };
}
