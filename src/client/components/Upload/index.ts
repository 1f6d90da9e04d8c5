export { UploadButton, type UploadButtonProps } from './UploadButton';
export { UPLOAD_ACCEPT, UPLOAD_MAX, acceptAttribute, checkUpload, type UploadKind } from './checkUpload';
