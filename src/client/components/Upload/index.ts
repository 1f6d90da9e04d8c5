export { UploadButton } from './UploadButton';
export { acceptAttribute, checkUpload } from './checkUpload';
