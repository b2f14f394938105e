export { FilesScreen as default } from '../files-screen';
