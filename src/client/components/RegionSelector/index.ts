export { RegionSelector } from './RegionSelector';
export { regionsQuery, type Region, type RegionValue } from './regions';
