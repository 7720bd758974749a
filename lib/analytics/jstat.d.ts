// The part of jStat (npm `jstat`, which ships no types) the results use.
declare module "jstat" {
  export const jStat: {
    normal: { inv(p: number, mean: number, sd: number): number };
  };
}
