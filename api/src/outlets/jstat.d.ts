/** The part of jStat (no published types) used here: Student's t distribution. */
declare module 'jstat' {
  interface StudentT {
    /** The quantile: the value below which a share `p` of the distribution with `dof` degrees of freedom lies. */
    inv(p: number, dof: number): number;
  }
  const jStat: { studentt: StudentT };
  export default jStat;
}
